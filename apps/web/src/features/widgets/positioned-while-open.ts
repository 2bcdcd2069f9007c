/**
 * For a Select's `comboboxProps`. Mantine's Combobox keeps its closed dropdown in the page (hidden) by
 * default, and floating-ui works out the dropdown's position as soon as it is there: style and layout
 * forced for the whole page inside the screen's first render, about 40 ms on the dashboard with its
 * unit switcher (issue 20). Left out while closed, the dropdown is positioned only while it is open.
 */
export const positionedWhileOpen = { keepMounted: false } as const;
