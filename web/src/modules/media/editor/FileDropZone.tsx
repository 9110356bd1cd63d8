import { Badge, Box, Button, Fieldset, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { type DragEvent, useId, useRef, useState } from "react";
import { MAX_UPLOAD_MEGABYTES } from "../../../form-rules";
import { ACCEPT_ATTRIBUTE, MAX_FILES } from "../upload";
import type { FileEntry } from "./article-form";
import "../../../ui/more-recipes";

interface FileDropZoneProps {
  entries: FileEntry[];
  onAdd: (files: File[]) => void;
  /** Removes a new file, or toggles an existing attachment between kept and removed. */
  onToggle: (key: string) => void;
  error?: string | null;
  disabled?: boolean;
}

const isImage = (entry: FileEntry) => (entry.stored?.type ?? entry.file?.type ?? "").startsWith("image/");

function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} ko`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} Mo`;
}

/**
 * Attachments: drop files on the zone or choose them with the button (a hidden
 * file input); the list shows each file with its remove (or keep) button.
 */
export function FileDropZone({ entries, onAdd, onToggle, error, disabled }: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const helpId = useId();
  const errorId = useId();
  const count = entries.filter((entry) => !entry.removed).length;
  const full = count >= MAX_FILES;

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files ?? []);
    if (files.length) onAdd(files);
  };

  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="semibold" color="gray.900">
        Fichiers joints
      </Fieldset.Legend>
      <Box
        mt="2"
        p="5"
        borderWidth="2px"
        borderStyle="dashed"
        borderRadius="md"
        borderColor={error ? "red.600" : over ? "brand.600" : "gray.400"}
        bg={over ? "brand.50" : "white"}
        textAlign="center"
        onDragEnter={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = disabled ? "none" : "copy";
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={drop}
      >
        <Text mb="3" color="gray.800">
          Glissez-déposez vos fichiers ici, ou
        </Text>
        <Button
          variant="outline"
          colorPalette="brand"
          disabled={disabled || full}
          aria-describedby={error ? `${helpId} ${errorId}` : helpId}
          onClick={() => inputRef.current?.click()}
        >
          Ajouter des fichiers
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          tabIndex={-1}
          aria-hidden="true"
          style={{ display: "none" }}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = "";
            if (files.length) onAdd(files);
          }}
        />
        <Text id={helpId} mt="3" fontSize="sm" color="gray.700">
          Images, PDF, documents bureautiques ou OpenDocument ; {MAX_FILES} fichiers au plus, {MAX_UPLOAD_MEGABYTES} Mo
          chacun ({count}/{MAX_FILES}).
        </Text>
      </Box>
      {error && (
        <Fieldset.ErrorText id={errorId} color="red.700">
          {error}
        </Fieldset.ErrorText>
      )}
      {entries.length > 0 && (
        <Stack as="ul" listStyleType="none" m="0" p="0" mt="3" gap="2" aria-label="Fichiers choisis">
          {entries.map((entry) => (
            <HStack
              as="li"
              key={entry.key}
              gap="3"
              p="2"
              borderWidth="1px"
              borderRadius="md"
              bg={entry.removed ? "gray.100" : "white"}
            >
              {entry.stored && isImage(entry) ? (
                <Image src={entry.stored.path} alt="" boxSize="12" objectFit="cover" borderRadius="sm" flexShrink={0} />
              ) : (
                <Badge variant="outline" flexShrink={0} minW="12" justifyContent="center">
                  {(entry.name.split(".").pop() ?? "").slice(0, 4).toUpperCase() || "FICHIER"}
                </Badge>
              )}
              <Box flex="1" minW="0">
                <Text truncate textDecoration={entry.removed ? "line-through" : undefined} color="gray.900">
                  {entry.name}
                </Text>
                <Text fontSize="xs" color="gray.700">
                  {entry.removed
                    ? "Sera retiré à l'enregistrement"
                    : entry.stored
                      ? entry.existing
                        ? "Déjà joint"
                        : "Envoyé"
                      : `À envoyer${entry.file ? ` · ${sizeLabel(entry.file.size)}` : ""}`}
                </Text>
              </Box>
              <Button
                size="sm"
                variant="ghost"
                colorPalette={entry.removed ? "brand" : "red"}
                disabled={disabled || (entry.removed && full)}
                aria-label={`${entry.removed ? "Conserver" : "Retirer"} ${entry.name}`}
                onClick={() => onToggle(entry.key)}
              >
                {entry.removed ? "Conserver" : "Retirer"}
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
    </Fieldset.Root>
  );
}
