import { Alert, Box, Button, Field, List, NativeSelect, RadioGroup, Stack, Text } from "@chakra-ui/react";
import type { RefObject } from "react";
import type { SheetHandOverQuery } from "../../generated/users";
import "../../ui/more-recipes";
import { aloneHeading, sharedHeading } from "./sheet-hand-over";
import { fullName } from "./users-list";

interface SheetHandOverChoiceProps {
  sheets: SheetHandOverQuery["sheetHandOver"] | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  toPartner: boolean;
  onToPartner: (toPartner: boolean) => void;
  recipientId: string;
  onRecipient: (id: string) => void;
  /** The partner chooser, which takes the focus when « Supprimer » finds it empty. */
  chooserRef: RefObject<HTMLSelectElement | null>;
  /** Why the deletion did not go ahead (no partner chosen): said under the chooser. */
  problem: string | null;
}

const ADMINS = "admins";
const PARTNER = "partner";

/**
 * In the deletion dialog: the service sheets the account owns alone, named, and who takes them
 * (the administrators, as the server does when told nothing, or another partner chosen in the
 * list of accounts that may hold sheets); the sheets it shares, which simply lose it.
 */
export function SheetHandOverChoice({
  sheets,
  loading,
  failed,
  onRetry,
  toPartner,
  onToPartner,
  recipientId,
  onRecipient,
  chooserRef,
  problem,
}: SheetHandOverChoiceProps) {
  if (failed && !sheets) {
    return (
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Stack gap="2">
          <Alert.Title color="orange.900">
            Les fiches de service de ce compte n'ont pas pu être lues : supprimé, il laisserait celles dont il est le
            seul propriétaire aux administrateurs.
          </Alert.Title>
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={onRetry}>
            Réessayer
          </Button>
        </Stack>
      </Alert.Root>
    );
  }
  if (loading && !sheets) return <Text role="status">Recherche des fiches de service de ce compte…</Text>;
  if (!sheets || (sheets.alone.length === 0 && sheets.shared.length === 0)) return null;
  const { alone, shared, recipients } = sheets;
  const many = alone.length > 1;

  return (
    <Stack gap="3" borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="md" p="3">
      {alone.length > 0 && (
        <>
          <Box>
            <Text fontWeight="semibold">{aloneHeading(alone.length)}</Text>
            <SheetNames sheets={alone} />
          </Box>
          <RadioGroup.Root
            value={toPartner ? PARTNER : ADMINS}
            onValueChange={(details) => onToPartner(details.value === PARTNER)}
            colorPalette="brand"
          >
            <RadioGroup.Label fontWeight="semibold" mb="2">
              {many ? "Qui reprend ces fiches ?" : "Qui reprend cette fiche ?"}
            </RadioGroup.Label>
            <Stack gap="2">
              <RadioGroup.Item value={ADMINS}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  Les administrateurs (ils recevront les rappels de mise à jour)
                </RadioGroup.ItemText>
              </RadioGroup.Item>
              {recipients.length > 0 && (
                <RadioGroup.Item value={PARTNER}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Un autre partenaire</RadioGroup.ItemText>
                </RadioGroup.Item>
              )}
            </Stack>
          </RadioGroup.Root>
          {toPartner && (
            <Field.Root invalid={problem !== null} required>
              <Field.Label>
                Partenaire qui reprend {many ? "les fiches" : "la fiche"} <Field.RequiredIndicator color="red.700" />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  ref={chooserRef}
                  bg="white"
                  value={recipientId}
                  onChange={(event) => onRecipient(event.target.value)}
                >
                  <option value="">Choisissez un partenaire</option>
                  {recipients.map((user) => (
                    <option key={user.id} value={user.id}>
                      {fullName(user)} ({user.email})
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText color="gray.700">
                Comptes professionnels et administrateurs actifs, qui peuvent gérer des fiches.
              </Field.HelperText>
              {problem && <Field.ErrorText color="red.700">{problem}</Field.ErrorText>}
            </Field.Root>
          )}
        </>
      )}
      {shared.length > 0 && (
        <Box>
          <Text fontWeight="semibold">{sharedHeading(shared.length)}</Text>
          <SheetNames sheets={shared} />
        </Box>
      )}
    </Stack>
  );
}

function SheetNames({ sheets }: { sheets: ReadonlyArray<{ id: string; serviceName: string }> }) {
  return (
    <List.Root ps="5" mt="1" listStyleType="disc" overflowWrap="anywhere">
      {sheets.map((sheet) => (
        <List.Item key={sheet.id}>{sheet.serviceName}</List.Item>
      ))}
    </List.Root>
  );
}
