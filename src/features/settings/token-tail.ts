/**
 * What Settings shows again of a saved token, to tell which one is kept: at most its last four
 * characters and never more than half of it, so a short token is not shown whole (four or fewer
 * characters: nothing).
 */
export function tokenTail(token: string): string {
  const characters = [...token];
  const shown = Math.min(4, Math.floor(characters.length / 2));
  return characters.length <= 4 ? '' : characters.slice(-shown).join('');
}
