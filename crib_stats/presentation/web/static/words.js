// The page's own words for the server's one-line errors: the server words them for the command
// line (options such as --need, --variant five-card, MINE); the page names its own fields instead.
// `labels` maps an API parameter to the field's name on the panel ("cards" -> "Your cards").

const OPTIONS = [
  [/--score MINE THEIRS/g, "the score"],
  [/\bMINE\b/g, "your score"],
  [/\bTHEIRS\b/g, "the opponent's score"],
  [/use --variant ([\w-]+)/g, "choose the $1 game"],
  [/--variant ([\w-]+)/g, "the $1 game"],
  [/--dealer/g, "dealer"],
  [/--pone/g, "pone"],
  [/--crib-model/g, "the crib model"],
  [/--pegging POLICY/g, "a play policy"],
  [/--pegging/g, "the play (E[peg])"],
  [/--peg-opponent/g, "the play opponent"],
  [/--rank-by need/g, "ranking by P(≥N)"],
  [/--rank-by/g, "the ranking"],
  [/--need N/g, "need N"],
  [/--need/g, "need N"],
  [/--starter/g, "the starter"],
  [/--top/g, "top K"],
  [/--seed/g, "the seed"],
  [/--accuracy/g, "the accuracy"],
  [/--played card/g, "played card"],
  [/after --played/g, "after the cards played"],
  [/--played/g, "the cards played"],
  [/--throw/g, "the throw"],
  [/--at/g, "the position"],
  [/--discard-policy/g, "how the opponent threw"],
  [/--discard/g, "the discards"],
  [/--variant/g, "the game"],
  [/rank_by='ev'/g, "rank by EV"],
  [/\(crib-stats [^)]*\)/g, ""],
];

export function pageWords(line, labels = {}) {
  let text = String(line);
  // the command's name at the front ("discard --score: ", "advise: ", "game/table: ")
  text = text.replace(/^[a-z][a-z/-]*(?: --[a-z-]+)?(?: [A-Z]+)?: /, "");
  text = text.replace(/^parameter (\w+)( is required)?/, (m, name, req) =>
    (labels[name] || name.replace(/_/g, " ")) + (req ? " is needed" : ""));
  text = text.replace(/unknown parameter '(\w+)' \(it takes [^)]*\)/, "the page sent $1, which the server does not take");
  for (const [re, words] of OPTIONS) text = text.replace(re, words);
  text = text.replace(/\s{2,}/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
