import { Box, Button, Checkbox, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useRef, useState } from "react";
import { MAX_ALT } from "../../../form-rules";
import { FormField } from "../../../ui/FormField";
import "../../../ui/more-recipes";

export interface AltTarget {
  /** The image's place in the document. */
  index: number;
  /** Its current text: "" for a decorative image, null when none was given yet. */
  alt: string | null;
  /** Just inserted: the author is asked at once (the focus goes to the field). */
  fresh: boolean;
}

/**
 * « Texte alternatif de l'image »: what a screen reader says of a body image, asked when the
 * image is inserted and editable when it is selected (a click, or Maj + flèche over it).
 * A decorative image gets an empty text: screen readers then skip it.
 */
export function ImageAltPanel({
  target,
  onSave,
  onDraft,
  onClose,
}: {
  target: AltTarget;
  onSave: (alt: string) => void;
  /** What is typed, kept in the document as it is typed: an article sent before « Enregistrer » keeps it. */
  onDraft: (alt: string) => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const [text, setText] = useState(target.alt ?? "");
  const [decorative, setDecorative] = useState(target.alt === "");
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (target.fresh) input.current?.focus();
  }, [target]);

  const save = () => {
    if (!decorative && !text.trim()) {
      setError("Décrivez l'image, ou indiquez qu'elle est décorative.");
      input.current?.focus();
      return;
    }
    onSave(decorative ? "" : text.trim());
  };
  return (
    <Box
      role="group"
      aria-labelledby={headingId}
      mt="2"
      p="4"
      borderWidth="1px"
      borderRadius="md"
      bg="gray.50"
      // Escape closes the panel only, not a dialog around the editor (FormDialog).
      data-own-escape=""
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
        // Enter in the field saves, as a form would; on a button, it does what the button says.
        if (event.key === "Enter" && !(event.target instanceof HTMLButtonElement)) {
          event.preventDefault();
          save();
        }
      }}
    >
      <Stack gap="3">
        <Text id={headingId} fontWeight="semibold">
          Texte alternatif de l'image
        </Text>
        <FormField
          label="Ce que montre l'image"
          helper="Lu aux personnes qui ne voient pas l'image, par exemple : « Deux enfants jouent avec des cubes »."
          error={error}
        >
          <Input
            ref={input}
            value={text}
            maxLength={MAX_ALT}
            disabled={decorative}
            bg="white"
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
              if (event.target.value.trim()) onDraft(event.target.value.trim());
            }}
          />
        </FormField>
        <Checkbox.Root
          checked={decorative}
          onCheckedChange={(details) => {
            setDecorative(details.checked === true);
            setError(undefined);
          }}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Image décorative (elle n'apporte pas d'information)</Checkbox.Label>
        </Checkbox.Root>
        <HStack gap="3">
          <Button colorPalette="brand" onClick={save}>
            Enregistrer le texte
          </Button>
          <Button variant="outline" onClick={onClose}>
            Fermer
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
