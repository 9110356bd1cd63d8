import { Box, Button } from "@chakra-ui/react";

/** The visible mark of the button; its name ends with it, so that what is seen is what is said. */
const MARK = "?";

/**
 * The « ? » beside a choice (a service type) that shows its explanation under it. Its name says
 * which choice it explains and holds what it shows (WCAG 2.5.3: « Crèche : qu'est-ce que
 * c'est ? »); the target is 44 × 44 px around a smaller drawn disc.
 */
export function ExplainButton({
  subject,
  expanded,
  controls,
  onToggle,
}: {
  /** What is explained (the choice's label). */
  subject: string;
  expanded: boolean;
  /** The id of the explanation. */
  controls: string;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="ghost"
      colorPalette="brand"
      minW="11"
      h="11"
      px="0"
      flexShrink={0}
      borderRadius="full"
      aria-label={`${subject} : qu'est-ce que c'est ${MARK}`}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
    >
      <Box
        as="span"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        boxSize="7"
        borderRadius="full"
        borderWidth="1px"
        borderColor="brand.700"
        bg={expanded ? "brand.700" : "white"}
        color={expanded ? "white" : "brand.700"}
        fontWeight="bold"
      >
        {MARK}
      </Box>
    </Button>
  );
}
