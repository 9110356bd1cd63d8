import { Box } from "@chakra-ui/react";

/**
 * A text « Facile à lire et à comprendre » (FALC): its short sentences one per line, as the
 * method asks, left-aligned, in the body's size.
 */
export function EasyToRead({ sentences, id, hidden }: { sentences: readonly string[]; id?: string; hidden?: boolean }) {
  return (
    <Box as="ul" id={id} hidden={hidden} listStyleType="none" m="0" p="0" display={hidden ? "none" : "grid"} gap="1">
      {sentences.map((sentence) => (
        <li key={sentence}>{sentence}</li>
      ))}
    </Box>
  );
}
