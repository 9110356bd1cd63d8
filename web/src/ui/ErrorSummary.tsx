import { Box, Link, Stack, Text } from "@chakra-ui/react";

export const INVALID_FORM = "Le formulaire est invalide";
/** The attribute that marks the summary, for the focus to find it (useFocusOnError). */
export const ERROR_SUMMARY = "data-error-summary";

/**
 * At the top of a long form, the list of what to correct, each a link to its field. It is
 * announced when it appears (role="alert"), and may take the focus.
 */
export function ErrorSummary({ errors }: { errors: Array<{ fieldId?: string; message: string }> }) {
  if (errors.length === 0) return null;
  return (
    <Box
      role="alert"
      tabIndex={-1}
      data-error-summary=""
      borderWidth="2px"
      borderColor="red.600"
      bg="red.50"
      borderRadius="md"
      p="4"
    >
      <Text fontWeight="semibold" color="red.800">
        {INVALID_FORM} : {errors.length > 1 ? `${errors.length} champs à corriger` : "un champ à corriger"}
      </Text>
      <Stack as="ul" gap="1" mt="2" ps="5" listStyleType="disc">
        {errors.map((error) => (
          <li key={error.message}>
            {error.fieldId ? (
              <Link
                href={`#${error.fieldId}`}
                color="red.800"
                textDecoration="underline"
                onClick={(event) => {
                  event.preventDefault();
                  focusField(error.fieldId!);
                }}
              >
                {error.message}
              </Link>
            ) : (
              <Text as="span" color="red.800">
                {error.message}
              </Text>
            )}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

const FOCUSABLE = "input:not([type=hidden]):not([disabled]), textarea, select, button:not([disabled])";

/**
 * The field's control, or in the block that holds it its text to write (an editor, before its
 * toolbar), else its first control on screen (a group of boxes; Quill keeps hidden selects).
 */
function focusField(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const control = target.matches(FOCUSABLE)
    ? target
    : (target.querySelector<HTMLElement>("[contenteditable=true]") ??
      [...target.querySelectorAll<HTMLElement>(FOCUSABLE)].find((element) => element.checkVisibility()));
  (control ?? target).focus();
  if (control !== target) target.scrollIntoView({ block: "center" });
}
