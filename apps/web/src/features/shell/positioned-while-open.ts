/**
 * For a Select's `comboboxProps`. Without keepMounted, Mantine's Select has floating-ui keep its closed
 * dropdown's position up to date (autoUpdate): a forced layout of the page on each scroll and resize
 * (issue 20, found on the dashboard's unit switcher). With it, the dropdown stays in the page hidden
 * and is positioned only while it is open.
 */
export const positionedWhileOpen = { keepMounted: true } as const;
