import { Badge, Box, Flex, Text } from "@chakra-ui/react";

/**
 * An item's tags in one compact, wrapping line, each group after its legend
 * (« Âges : Enfance · Thématiques : Loisirs »): on a phone the page's content comes first.
 */
export function TagLine({ groups }: { groups: Array<{ label: string; items: string[]; palette?: string }> }) {
  const shown = groups.filter((group) => group.items.length > 0);
  if (shown.length === 0) return null;
  return (
    <Flex as="dl" wrap="wrap" columnGap="4" rowGap="2" align="center" fontSize="sm">
      {shown.map((group) => (
        <Flex key={group.label} as="div" wrap="wrap" gap="1.5" align="center">
          <Text as="dt" color="gray.700">
            {group.label} :
          </Text>
          {group.items.map((item) => (
            <Box as="dd" key={item} m="0">
              <Badge colorPalette={group.palette ?? "blue"} variant="subtle">
                {item}
              </Badge>
            </Box>
          ))}
        </Flex>
      ))}
    </Flex>
  );
}
