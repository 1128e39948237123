// Words of thanks and contentment in a patient's reply, English, Spanish and Turkish, matched on
// folded clauses (a-z and 0-9 words separated by single spaces). Recovery counts such a reply after a
// resolved case as a patient won back, so a denied one ("not great", "no estoy contento", "iyi
// değilim") never counts, and neither does one beside a complaint or a symptom (the caller decides).

const phrases = (...sources: string[]) => new RegExp(sources.map((s) => `\\b(?:${s})\\b`).join('|'), 'g');

const positivePhrases = phrases(
  // English
  String.raw`thanks?(?: you)?|thankyou|thx|grateful|appreciate(?:d)?|great|excellent|amazing|wonderful|fantastic|perfect|brilliant|awesome|lovely|love (?:it|the|my|how)|happy|pleased|delighted|satisfied|recommend(?:ed)?|(?:feeling|feel|doing|looks?|looking) (?:much )?(?:better|good|great|fine)|much better|all good|very good|so good`,
  // Spanish
  String.raw`gracias|muchas gracias|agradecid[oa]s?|agradezco|genial|excelente|estupend[oa]|maravillos[oa]|perfect[oa]|fantastic[oa]|content[oa]s?|feliz|encantad[oa]s?|satisfech[oa]s?|(?:lo )?recomiendo|muy bien|mucho mejor|me siento (?:bien|mejor)|todo bien|de maravilla`,
  // Turkish
  String.raw`tesekkur\w*|sag ?olun|sagolun|harika|mukemmel|super|cok iyi|cok guzel|iyiyim|daha iyiyim|memnun(?:um|uz|iyetle)?|mutluyum|tavsiye ederim|her sey yolunda|herseyyolunda`,
);

const positiveEmoji = /[😊🙂😀😃😄😁🥰😍🙏👍❤💙💚]/u;

// "not great", "not happy", "no estoy contento", "hic memnun" (its denial follows: "değilim").
const negationBefore =
  /\b(?:no|not|nothing|never|dont|didnt|doesnt|isnt|wasnt|arent|werent|hardly|sin|nada|nunca|ni|tampoco)(?: \w+){0,1} $/;
const negationAfter = /^ (?:(?:hic|pek) )?(?:degil\w*|yok\w*)\b/;

/** The words that make the clauses a positive reply (empty: none, or each one denied). */
export function positiveWordsIn(clauses: readonly string[], text: string): string[] {
  const found: string[] = [];
  for (const clause of clauses) {
    for (const match of clause.matchAll(positivePhrases)) {
      const before = clause.slice(0, match.index);
      const after = clause.slice(match.index + match[0].length);
      if (negationBefore.test(before) || negationAfter.test(after)) continue;
      if (!found.includes(match[0])) found.push(match[0]);
    }
  }
  const emoji = positiveEmoji.exec(text)?.[0];
  if (emoji) found.push(emoji);
  return found;
}
