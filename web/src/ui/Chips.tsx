import { Badge, HStack } from "@chakra-ui/react";

export function Chips({ items, label, palette = "blue" }: { items: string[]; label: string; palette?: string }) {
  if (items.length === 0) return null;
  return (
    <HStack as="ul" aria-label={label} gap="2" flexWrap="wrap" listStyleType="none" m="0" p="0">
      {items.map((item) => (
        <li key={item}>
          <Badge colorPalette={palette} size="lg" variant="subtle">
            {item}
          </Badge>
        </li>
      ))}
    </HStack>
  );
}
