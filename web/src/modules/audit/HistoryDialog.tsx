import { Box, Button, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import type { AuditEntryFieldsFragment, AuditItemType } from "../../generated/audit";
import { useAuditEntriesQuery, useItemHistoryQuery } from "../../generated/audit";
import { formatDateTime } from "../media/dates";
import { ErrorState } from "../../ui/ErrorState";
import { ACTION_LABELS, fieldList } from "./history-labels";
import "../../ui/more-recipes";

const ITEM_LABELS: Record<AuditItemType, string> = { MEDIA: "Article", SERVICE: "Service", USER: "Compte" };

/** One line of a history: when, who, what. */
function EntryView({ entry, showItem }: { entry: AuditEntryFieldsFragment; showItem: boolean }) {
  return (
    <Box as="li" borderBottomWidth="1px" py="2">
      <Text fontWeight="semibold">
        {ACTION_LABELS[entry.action]}
        {showItem && ` · ${ITEM_LABELS[entry.itemType]} « ${entry.itemLabel} »`}
      </Text>
      <Text color="gray.700" fontSize="sm">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.actorName}
      </Text>
      {entry.fields.length > 0 && (
        <Text fontSize="sm">
          {entry.action === "CREATE" ? "Champs remplis" : "Champs modifiés"} : {fieldList(entry.fields)}
        </Text>
      )}
    </Box>
  );
}

function EntryList({
  entries,
  loading,
  error,
  onRetry,
  showItem,
}: {
  entries: AuditEntryFieldsFragment[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  showItem: boolean;
}) {
  if (error) return <ErrorState onRetry={onRetry} />;
  if (loading) return <Text role="status">Chargement de l'historique…</Text>;
  if (entries.length === 0) return <Text>Aucune écriture enregistrée (l'historique est gardé un an).</Text>;
  return (
    <Stack as="ol" listStyleType="none" m="0" p="0" gap="0">
      {entries.map((entry) => (
        <EntryView key={entry.id} entry={entry} showItem={showItem} />
      ))}
    </Stack>
  );
}

function ItemHistory({ itemType, id }: { itemType: AuditItemType; id: string }) {
  const { data, loading, error, refetch } = useItemHistoryQuery({
    variables: { itemType, id },
    fetchPolicy: "network-only",
  });
  return (
    <EntryList
      entries={data?.history ?? []}
      loading={loading}
      error={Boolean(error)}
      onRetry={() => void refetch().catch(() => undefined)}
      showItem={false}
    />
  );
}

function ActorHistory({ actorId }: { actorId: string }) {
  const { data, loading, error, refetch } = useAuditEntriesQuery({
    variables: { actorId, page: 0, pageSize: 100 },
    fetchPolicy: "network-only",
  });
  const page = data?.auditEntries;
  return (
    <>
      <EntryList
        entries={page?.entries ?? []}
        loading={loading}
        error={Boolean(error)}
        onRetry={() => void refetch().catch(() => undefined)}
        showItem
      />
      {page && page.total > page.entries.length && (
        <Text mt="2" fontSize="sm" color="gray.700">
          Les {page.entries.length} plus récentes sur {page.total}.
        </Text>
      )}
    </>
  );
}

/**
 * « Historique » (administrators): the writes of an item (who, when, which fields), or what
 * one account wrote. Loaded with the dialog, never on a public page's first load.
 */
export default function HistoryDialog({
  title,
  of,
  onClose,
}: {
  title: string;
  of: { itemType: AuditItemType; id: string } | { actorId: string };
  onClose: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {/* The list scrolls inside the dialog: focusable, so that arrows and Page Down scroll it. */}
            <Dialog.Body tabIndex={0} role="region" aria-label={title}>
              {"actorId" in of ? <ActorHistory actorId={of.actorId} /> : <ItemHistory {...of} />}
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose}>
                Fermer
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
