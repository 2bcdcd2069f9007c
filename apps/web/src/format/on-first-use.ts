/**
 * A value made when first asked for. For Intl formatters kept at module level: the page's first one
 * loads the browser's locale data, some 30 ms of a phone's first screen (issue 20), which a module
 * that only defines one should not spend as it loads.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
