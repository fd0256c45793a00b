/**
 * Characters that show nothing on their own: white space, control and format characters, the
 * default-ignorable code points (zero-width spaces and joiners U+200B-U+200D and U+2060, U+FEFF,
 * the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, soft hyphens, variation selectors, tag
 * characters, ...), and the blank braille pattern U+2800, a symbol by category that prints as
 * nothing (docs/chat.md, "Conversations, messages, rooms").
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\u2800]/gu;

/** True when nothing would be seen of the text: it is empty once every invisible character is removed. */
export function isBlankText(value: string): boolean {
  return value.replace(INVISIBLE, '') === '';
}
