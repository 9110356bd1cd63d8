import { Badge, Box, Button, Menu, Portal, Skeleton, Table, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { type UserStatus } from "../../generated/accounts";
import { type OrderDirection, type UserOrderField, type UserRowFragment } from "../../generated/users";
import { TOWN_TO_SPECIFY, townToSpecify } from "../../form-rules";
import { formatIsoDay, ofName } from "../../rules";
import { formatParisDay, fullName } from "./users-list";
import { type UserReference } from "./useUserReference";
import "../../ui/more-recipes";

export const ADD_SERVICE_HINT = "Disponible avec l'annuaire des services";

const STATUS_PALETTES: Record<UserStatus, string> = {
  CONFIRMED: "green",
  PENDING: "blue",
  LOCAL: "orange",
  DELETED: "gray",
};

interface Column {
  label: string;
  field?: UserOrderField;
}

const COLUMNS: Column[] = [
  { label: "Nom", field: "name" },
  { label: "Prénom", field: "surname" },
  { label: "E-mail", field: "email" },
  { label: "Téléphone" },
  { label: "Commune" },
  { label: "Rôle", field: "role" },
  { label: "État", field: "status" },
  { label: "Création", field: "createdAt" },
  { label: "Expiration", field: "expiration" },
];

const SKELETON_ROWS = 5;

export interface UsersTableProps {
  users: UserRowFragment[];
  /** First load: skeleton rows. Later loads keep the rows, marked busy. */
  loading: boolean;
  orderBy: UserOrderField;
  orderDirection: OrderDirection;
  onSort: (field: UserOrderField) => void;
  labels: Pick<UserReference, "roleLabel" | "statusLabel">;
  onEdit: (user: UserRowFragment) => void;
  onDelete: (user: UserRowFragment) => void;
  onAccept: (user: UserRowFragment) => void;
  /** The row being validated, if any. */
  acceptingId?: string | null;
  /** "Ajouter un service": without it, the action is shown disabled. */
  onAddSheet?: (user: UserRowFragment) => void;
  /** "Voir les services": the panel of the user's services (same users as "Ajouter un service"). */
  onShowServices?: (user: UserRowFragment) => void;
  /** « Historique »: what this account created, changed or deleted. */
  onShowHistory?: (user: UserRowFragment) => void;
  /** An item of a row's « Actions » was chosen: its button, where the focus goes back once done. */
  onActionChosen?: (trigger: HTMLElement | null) => void;
}

/** The first and last columns stay in place while the others scroll under them. */
const STICKY_ENDS = {
  "& th:first-of-type, & td:first-of-type": {
    position: "sticky",
    left: 0,
    zIndex: 1,
    bg: "white",
    boxShadow: "inset -1px 0 0 var(--chakra-colors-gray-300)",
  },
  "& th:last-of-type, & td:last-of-type": {
    position: "sticky",
    right: 0,
    zIndex: 1,
    bg: "white",
    boxShadow: "inset 1px 0 0 var(--chakra-colors-gray-300)",
  },
};

/** The administrators' user list; scrolls horizontally on narrow screens. */
export function UsersTable(props: UsersTableProps) {
  const { users, loading, orderBy, orderDirection, onSort } = props;
  const skeleton = loading && users.length === 0;
  return (
    <Table.ScrollArea
      role="region"
      aria-label="Liste des utilisateurs (défilement horizontal possible)"
      tabIndex={0}
      borderWidth="1px"
      borderRadius="md"
      bg="white"
      _focusVisible={{ outline: "2px solid", outlineColor: "brand.500", outlineOffset: "2px" }}
    >
      <Table.Root
        size="sm"
        aria-busy={loading}
        opacity={loading && !skeleton ? 0.6 : 1}
        minW="1080px"
        // On a phone the table scrolls sideways: whose row it is (« Nom ») and its « Actions » stay in view.
        css={STICKY_ENDS}
      >
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((column) => (
              <SortableHeader
                key={column.label}
                column={column}
                orderBy={orderBy}
                direction={orderDirection}
                onSort={onSort}
              />
            ))}
            <Table.ColumnHeader>Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {skeleton
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <Table.Row key={index}>
                  {Array.from({ length: COLUMNS.length + 1 }, (_, cell) => (
                    <Table.Cell key={cell}>
                      <Skeleton height="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            : users.map((user) => <UserRow key={user.id} user={user} {...props} />)}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function SortableHeader({
  column,
  orderBy,
  direction,
  onSort,
}: {
  column: Column;
  orderBy: UserOrderField;
  direction: OrderDirection;
  onSort: (field: UserOrderField) => void;
}) {
  const { field, label } = column;
  if (!field) return <Table.ColumnHeader>{label}</Table.ColumnHeader>;
  const sorted = field === orderBy;
  return (
    <Table.ColumnHeader aria-sort={sorted ? (direction === "ASC" ? "ascending" : "descending") : undefined} px="1">
      <Button
        variant="ghost"
        size="sm"
        fontWeight="semibold"
        color="gray.800"
        px="2"
        onClick={() => onSort(field)}
        title={`Trier par ${label.toLowerCase()}`}
      >
        {label}
        <Box as="span" aria-hidden="true" color={sorted ? "brand.700" : "gray.600"} fontSize="xs">
          {sorted ? (direction === "ASC" ? "▲" : "▼") : "↕"}
        </Box>
      </Button>
    </Table.ColumnHeader>
  );
}

function UserRow({
  user,
  labels,
  onEdit,
  onDelete,
  onAccept,
  acceptingId,
  onAddSheet,
  onShowServices,
  onShowHistory,
  onActionChosen,
}: UsersTableProps & { user: UserRowFragment }) {
  const name = fullName(user);
  const accepting = acceptingId === user.id;
  const trigger = useRef<HTMLButtonElement>(null);
  /** An item's action, once its row's button is noted as where the focus goes back. */
  const choose = (action: () => void) => () => {
    onActionChosen?.(trigger.current);
    action();
  };
  // While the request is validated the button is busy (so disabled): the focus it had left the
  // page. It comes back to it when the validation ends, unless the user went elsewhere.
  const wasAccepting = useRef(false);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasAccepting.current && !accepting && lost) trigger.current?.focus();
    wasAccepting.current = accepting;
  }, [accepting]);
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium">{user.name}</Table.Cell>
      <Table.Cell>{user.surname}</Table.Cell>
      <Table.Cell wordBreak="break-all">{user.email}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        {user.phone}
        {user.mobile && (
          <Text as="span" display="block">
            {user.mobile}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        {townToSpecify(user) ? (
          // Given in the account's form (« Modifier »).
          <Badge colorPalette="orange" variant="outline" whiteSpace="nowrap">
            {TOWN_TO_SPECIFY}
          </Badge>
        ) : (
          user.city
        )}
      </Table.Cell>
      <Table.Cell>{labels.roleLabel(user.role)}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STATUS_PALETTES[user.status]} variant="subtle">
          {labels.statusLabel(user.status)}
        </Badge>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatParisDay(user.createdAt)}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{user.expiration ? formatIsoDay(user.expiration) : "Aucune"}</Table.Cell>
      <Table.Cell>
        <Menu.Root positioning={{ placement: "bottom-end" }}>
          <Menu.Trigger asChild>
            <Button ref={trigger} size="sm" variant="outline" aria-label={`Actions pour ${name}`} loading={accepting}>
              Actions
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="15rem">
                {/* Each item acts on its own click, as in « Mon compte » (AccountMenu). */}
                {user.viewerCan.addService && (
                  <Menu.Item
                    value="add-service"
                    disabled={!onAddSheet}
                    onClick={choose(() => onAddSheet?.(user))}
                    aria-label={
                      onAddSheet
                        ? `Ajouter un service à ${name}`
                        : `Ajouter un service à ${name} (${ADD_SERVICE_HINT.toLowerCase()})`
                    }
                    flexDirection="column"
                    alignItems="flex-start"
                  >
                    Ajouter un service
                    {!onAddSheet && (
                      <Text as="span" fontSize="xs">
                        {ADD_SERVICE_HINT}
                      </Text>
                    )}
                  </Menu.Item>
                )}
                {user.viewerCan.addService && onShowServices && (
                  <Menu.Item
                    value="show-services"
                    onClick={choose(() => onShowServices(user))}
                    aria-label={`Voir les services ${ofName(name)}`}
                  >
                    Voir les services
                  </Menu.Item>
                )}
                {user.viewerCan.accept && (
                  <Menu.Item
                    value="accept"
                    onClick={choose(() => onAccept(user))}
                    aria-label={`Valider la demande ${ofName(name)}`}
                  >
                    Valider la demande
                  </Menu.Item>
                )}
                {onShowHistory && (
                  <Menu.Item
                    value="history"
                    onClick={choose(() => onShowHistory(user))}
                    aria-label={`Historique des écritures ${ofName(name)}`}
                  >
                    Historique
                  </Menu.Item>
                )}
                {user.viewerCan.edit && (
                  <Menu.Item value="edit" onClick={choose(() => onEdit(user))} aria-label={`Modifier ${name}`}>
                    Modifier
                  </Menu.Item>
                )}
                {user.viewerCan.delete && (
                  <Menu.Item
                    value="delete"
                    color="red.700"
                    onClick={choose(() => onDelete(user))}
                    aria-label={`Supprimer ${name}`}
                  >
                    Supprimer
                  </Menu.Item>
                )}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Table.Cell>
    </Table.Row>
  );
}
