import { Button, Field, Flex, Heading, HStack, Input, NativeSelect, Stack, Switch, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import {
  type OrderDirection,
  type UserOrderField,
  type UserRowFragment,
  useAcceptUserMutation,
  useDeleteUserMutation,
  useUsersQuery,
} from "../generated/users";
import {
  fullName,
  DEFAULT_STATUSES,
  PAGE_SIZES,
  rangeLabel,
  REQUESTS_ONLY,
  SEARCH_DEBOUNCE_MS,
  waitingLabel,
} from "../modules/users/users-list";
import { useDebouncedValue } from "../modules/users/useDebouncedValue";
import { UserFormDialog } from "../modules/users/UserFormDialog";
import { ServiceFormDialog } from "../modules/structures/ServiceFormDialog";
import { UserServicesDrawer } from "../modules/structures/UserServicesDrawer";
import { UsersTable } from "../modules/users/UsersTable";
import { useUserReference } from "../modules/users/useUserReference";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { EmptyState } from "../ui/EmptyState";
import { errorMessage } from "../ui/errors";
import { notify } from "../ui/toaster";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";
import { ErrorState } from "../ui/ErrorState";

const TITLE = "Gestion des utilisateurs";
const EXPORT_URL = "/api/users/export";
const REFETCH = { refetchQueries: ["Users"] };

type FormTarget = { user: UserRowFragment | null; key: number };
type Owner = Pick<UserRowFragment, "id" | "name" | "surname">;

/** Spec: the administrators' list of accounts, with partner requests to validate. */
export default function UsersAdminPage() {
  usePageTitle(TITLE);
  const labels = useUserReference();

  const [search, setSearch] = useState("");
  const textQuery = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [requestsOnly, setRequestsOnly] = useState(false);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const [orderBy, setOrderBy] = useState<UserOrderField>("createdAt");
  const [orderDirection, setOrderDirection] = useState<OrderDirection>("DESC");
  // The page belongs to one set of criteria: any other search starts again at page 1.
  const criteria = JSON.stringify([textQuery, requestsOnly, size, orderBy, orderDirection]);
  const [paging, setPaging] = useState({ criteria, page: 0 });
  const page = paging.criteria === criteria ? paging.page : 0;
  const setPage = (next: number) => setPaging({ criteria, page: next });
  const from = page * size;

  const { data, previousData, loading, error, refetch } = useUsersQuery({
    variables: {
      input: {
        textQuery: textQuery || null,
        statuses: requestsOnly ? REQUESTS_ONLY : DEFAULT_STATUSES,
        orderBy,
        orderDirection,
        from,
        size,
      },
    },
    notifyOnNetworkStatusChange: true,
  });
  // While another page loads, the previous one stays on screen (marked busy); after an error the list is emptied.
  const result = error ? undefined : (data ?? (loading ? previousData : undefined))?.users;
  const users = result?.users ?? [];
  const total = result?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / size) - 1);

  // After deletions the current page may lie past the end: show the last one.
  useEffect(() => {
    if (data && !loading && page > lastPage) setPaging({ criteria, page: lastPage });
  }, [data, loading, page, lastPage, criteria]);

  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const openForm = (user: UserRowFragment | null) => setFormTarget({ user, key: Date.now() });

  // Services: the create dialog for an owner, and the panel listing an account's services.
  const [serviceOwner, setServiceOwner] = useState<{ owner: Owner; key: number } | null>(null);
  const [servicesPanel, setServicesPanel] = useState<{ user: UserRowFragment | null; open: boolean }>({
    user: null,
    open: false,
  });
  const addService = (owner: Owner) => setServiceOwner({ owner, key: Date.now() });

  const [deleteTarget, setDeleteTarget] = useState<UserRowFragment | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleteUser] = useDeleteUserMutation(REFETCH);
  const remove = async () => {
    if (!deleteTarget) return;
    try {
      await deleteUser({ variables: { id: deleteTarget.id } });
      notify.info("Utilisateur supprimé");
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  };

  const [acceptingId, setAcceptingId] = useState<string | null>(null);
  const [acceptUser] = useAcceptUserMutation(REFETCH);
  const accept = async (user: UserRowFragment) => {
    setAcceptingId(user.id);
    try {
      await acceptUser({ variables: { id: user.id } });
      notify.info(`Demande validée : un e-mail a été envoyé à ${user.email}`);
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setAcceptingId(null);
    }
  };

  const sort = (field: UserOrderField) => {
    if (field === orderBy) setOrderDirection(orderDirection === "ASC" ? "DESC" : "ASC");
    else {
      setOrderBy(field);
      setOrderDirection("ASC");
    }
  };

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: "stretch", md: "center" }}
        gap="4"
        direction={{ base: "column", md: "row" }}
      >
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" onClick={() => openForm(null)}>
            Créer un utilisateur
          </Button>
          <Button asChild variant="outline" colorPalette="brand">
            <a href={EXPORT_URL} download>
              Exporter (CSV)
            </a>
          </Button>
        </HStack>
      </Flex>

      <Text role="status" fontWeight="medium" color="gray.800">
        {result ? waitingLabel(result.waiting) : "\u00a0"}
      </Text>

      <Flex gap="4" direction={{ base: "column", md: "row" }} align={{ base: "stretch", md: "flex-end" }}>
        <Field.Root maxW={{ md: "sm" }}>
          <Field.Label>Rechercher un utilisateur</Field.Label>
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} bg="white" />
          <Field.HelperText color="gray.700">Nom, prénom, adresse e-mail ou commune</Field.HelperText>
        </Field.Root>
        <Switch.Root
          checked={requestsOnly}
          onCheckedChange={(details) => setRequestsOnly(details.checked)}
          colorPalette="brand"
          mb={{ md: "7" }}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Demandes à valider uniquement</Switch.Label>
        </Switch.Root>
      </Flex>

      {error ? (
        <ErrorState message={errorMessage(error)} onRetry={() => void refetch().catch(() => undefined)} />
      ) : !loading && users.length === 0 ? (
        <EmptyState message="Aucun utilisateur ne correspond à votre recherche" />
      ) : (
        <UsersTable
          users={users}
          loading={loading}
          orderBy={orderBy}
          orderDirection={orderDirection}
          onSort={sort}
          labels={labels}
          onEdit={openForm}
          onDelete={(user) => {
            setDeleteTarget(user);
            setConfirmOpen(true);
          }}
          onAccept={accept}
          acceptingId={acceptingId}
          onAddService={addService}
          onShowServices={(user) => setServicesPanel({ user, open: true })}
        />
      )}

      <Flex
        as="nav"
        aria-label="Pagination des utilisateurs"
        gap="4"
        align="center"
        justify="space-between"
        wrap="wrap"
      >
        <Field.Root orientation="horizontal" width="auto" gap="2">
          <Field.Label whiteSpace="nowrap">Utilisateurs par page</Field.Label>
          <NativeSelect.Root size="sm" width="24">
            <NativeSelect.Field value={size} onChange={(event) => setSize(Number(event.target.value))} bg="white">
              {PAGE_SIZES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <HStack gap="3">
          <Text aria-live="polite" color="gray.800">
            {rangeLabel(from, users.length, total)}
          </Text>
          <Button size="sm" variant="outline" disabled={page === 0 || loading} onClick={() => setPage(page - 1)}>
            Précédente
          </Button>
          <Button size="sm" variant="outline" disabled={page >= lastPage || loading} onClick={() => setPage(page + 1)}>
            Suivante
          </Button>
        </HStack>
      </Flex>

      {formTarget && <UserFormDialog key={formTarget.key} user={formTarget.user} onClose={() => setFormTarget(null)} />}

      <UserServicesDrawer
        open={servicesPanel.open}
        user={servicesPanel.user}
        onClose={() => setServicesPanel((current) => ({ ...current, open: false }))}
        onAddService={addService}
      />
      {serviceOwner && (
        <ServiceFormDialog
          key={serviceOwner.key}
          mode="create"
          owner={serviceOwner.owner}
          onClose={() => setServiceOwner(null)}
        />
      )}

      <ConfirmDialog
        open={confirmOpen}
        title={deleteTarget ? `Supprimer l'utilisateur ${fullName(deleteTarget)} ?` : ""}
        onConfirm={remove}
        onClose={() => setConfirmOpen(false)}
      >
        {deleteTarget && (
          <Text>Le compte {deleteTarget.email} sera désactivé et ne pourra plus se connecter au portail.</Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
