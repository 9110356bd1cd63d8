import { Box, Stack } from "@chakra-ui/react";
import { EasyToRead } from "../reference/EasyToRead";

/**
 * What each type of the sheet is, « Facile à lire et à comprendre », folded under its question
 * (« Crèche : qu'est-ce que c'est ? »): native disclosures, open and closed without the page's
 * code, read as such by screen readers.
 */
export function TypeExplanations({
  explained,
  label,
}: {
  explained: ReadonlyArray<{ value: string; falc: readonly string[] }>;
  label: (type: string) => string;
}) {
  if (explained.length === 0) return null;
  return (
    <Stack gap="1">
      {explained.map((type) => (
        <Box as="details" key={type.value} borderWidth="1px" borderColor="gray.200" borderRadius="md" bg="white">
          <Box
            as="summary"
            // A list item keeps the disclosure's triangle; 10 + 24 + 10 px: a 44 px target.
            display="list-item"
            px="3"
            py="2.5"
            lineHeight="1.5rem"
            cursor="pointer"
            color="brand.700"
            fontWeight="medium"
            _focusVisible={{ outline: "3px solid", outlineColor: "brand.500", outlineOffset: "2px" }}
          >
            {label(type.value)} : qu'est-ce que c'est ?
          </Box>
          <Box px="3" pb="3" color="gray.800">
            <EasyToRead sentences={type.falc} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
