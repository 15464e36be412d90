/**
 * Which of the palette's commands a query finds, best first. Every word must appear in a
 * command's label or hint; a command whose label begins with the query comes first, then those
 * where each word begins a word of the label (a path's segment or a part of a name: "herd" in
 * `/sim/thundering-herd-demo/lock`), then those that hold the words elsewhere. At equal rank the
 * order given stays: the page's own actions, then locks, then pages ("herd" opens the herd lock,
 * not the classroom that talks of herds).
 */

export interface Matchable {
  label: string;
  hint: string;
}

/** Where `word` begins a word of `text`: at its start, or after a separator of paths and names. */
function beginsAWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (at === 0 || /[\s/\-_.:·,(（]/.test(text[at - 1]!)) return true;
  }
  return false;
}

/** The rank of a command for the query's words (lower first); null where a word is missing. */
function rankOf(command: Matchable, words: readonly string[], query: string): number | null {
  const label = command.label.toLowerCase();
  const all = `${label} ${command.hint.toLowerCase()}`;
  if (!words.every((word) => all.includes(word))) return null;
  if (label.startsWith(query)) return 0;
  if (words.every((word) => beginsAWord(label, word))) return 1;
  if (words.every((word) => label.includes(word))) return 2;
  return 3;
}

/** The commands the query finds, best first; every command, in its order, for an empty query. */
export function matchCommands<T extends Matchable>(commands: readonly T[], query: string): T[] {
  const typed = query.trim().toLowerCase();
  const words = typed.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  const ranked: Array<{ command: T; rank: number; index: number }> = [];
  commands.forEach((command, index) => {
    const rank = rankOf(command, words, typed);
    if (rank !== null) ranked.push({ command, rank, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map(({ command }) => command);
}
