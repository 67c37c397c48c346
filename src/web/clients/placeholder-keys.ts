/** Stable keys for n identical loading placeholders ("placeholder-0", …), so lists of skeletons need no index keys. */
export function placeholderKeys(count: number): string[] {
  return Array.from({ length: count }, (_, position) => `placeholder-${position}`);
}
