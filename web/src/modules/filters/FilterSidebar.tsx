import { Box, Heading } from "@chakra-ui/react";
import { useId } from "react";
import { FilterFields, type FilterPanelInput, PanelButtons, submitHandler, useFilterDraft } from "./FilterFields";

/** The side panel of wide screens; its buttons stay in view at the bottom while it scrolls. */
export default function FilterSidebar(input: FilterPanelInput) {
  const props = useFilterDraft(input);
  const formId = useId();
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} bg="white" borderWidth="1px" borderRadius="lg">
      <Heading as="h2" size="lg" id={headingId} px="4" pt="4">
        Filtres
      </Heading>
      <form id={formId} onSubmit={submitHandler(props.onApply)} noValidate>
        <Box px="4" py="4">
          <FilterFields {...props} />
        </Box>
      </form>
      <Box position="sticky" bottom="0" bg="white" borderTopWidth="1px" borderBottomRadius="lg" px="4" py="3">
        <PanelButtons formId={formId} onReset={props.onReset} />
      </Box>
    </Box>
  );
}
