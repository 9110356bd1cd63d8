import {
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Text,
} from "@chakra-ui/react";
import { SheetFormDialog } from "../modules/sheets/SheetFormDialog";
import { UserSheetsDrawer } from "../modules/sheets/UserSheetsDrawer";
import { SheetHandOverChoice } from "../modules/users/SheetHandOverChoice";
import { UserFormDialog } from "../modules/users/UserFormDialog";
import { useUserReference } from "../modules/users/useUserReference";
import { useUsersAdmin } from "../modules/users/useUsersAdmin";
import { fullName, PAGE_SIZES, rangeLabel, waitingLabel } from "../modules/users/users-list";
import { UsersTable } from "../modules/users/UsersTable";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { EmptyState } from "../ui/EmptyState";
import { errorMessage } from "../ui/errors";
import { ErrorState } from "../ui/ErrorState";
import { usePageTitle } from "../ui/usePageTitle";
import { ofName, PERSONAL_DATA_RETENTION_MONTHS } from "../rules";
import "../ui/more-recipes";
import { useRef, useState } from "react";
import { focusWhenLost } from "../ui/focus-when-lost";
import type { UserRowFragment } from "../generated/users";
import { lazyLoad } from "../ui/lazy-load";
import { LazyPart } from "../ui/LazyPart";

const HistoryDialog = lazyLoad(() => import("../modules/audit/HistoryDialog"));

const TITLE = "Gestion des utilisateurs";
const EXPORT_URL = "/api/users/export";

/** Spec: the administrators' list of accounts, with partner requests to validate (state in useUsersAdmin). */
export default function UsersAdminPage() {
  usePageTitle(TITLE);
  const labels = useUserReference();
  const { search, list, paging, userForm, serviceForm, servicesPanel, deletion, acceptance } = useUsersAdmin();
  const [historyOf, setHistoryOf] = useState<UserRowFragment | null>(null);
  // What a row's « Actions » opened gives the focus back to that button when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const thenBackToOpener = (close: () => void) => () => {
    close();
    focusWhenLost(opener.current);
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
          <Button colorPalette="brand" onClick={() => userForm.open(null)}>
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
        {list.waiting !== null ? waitingLabel(list.waiting) : "\u00a0"}
      </Text>

      <Flex gap="4" direction={{ base: "column", md: "row" }} align={{ base: "stretch", md: "flex-end" }}>
        <Field.Root maxW={{ md: "sm" }}>
          <Field.Label>Rechercher un utilisateur</Field.Label>
          <Input
            type="search"
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            bg="white"
          />
          <Field.HelperText color="gray.700">Nom, prénom, adresse e-mail ou commune</Field.HelperText>
        </Field.Root>
        <Switch.Root
          checked={search.requestsOnly}
          onCheckedChange={(details) => search.setRequestsOnly(details.checked)}
          colorPalette="brand"
          mb={{ md: "7" }}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Demandes à valider uniquement</Switch.Label>
        </Switch.Root>
      </Flex>

      {list.error ? (
        <ErrorState message={errorMessage(list.error)} onRetry={list.retry} />
      ) : !list.loading && list.users.length === 0 ? (
        <EmptyState message="Aucun utilisateur ne correspond à votre recherche" />
      ) : (
        <UsersTable
          users={list.users}
          loading={list.loading}
          orderBy={list.orderBy}
          orderDirection={list.orderDirection}
          onSort={list.sort}
          labels={labels}
          onEdit={userForm.open}
          onDelete={deletion.ask}
          onAccept={acceptance.accept}
          acceptingId={acceptance.acceptingId}
          onAddSheet={serviceForm.open}
          onShowServices={servicesPanel.show}
          onShowHistory={(user) => setHistoryOf(user)}
          onActionChosen={(trigger) => (opener.current = trigger)}
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
            <NativeSelect.Field
              value={paging.size}
              onChange={(event) => paging.setSize(Number(event.target.value))}
              bg="white"
            >
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
            {rangeLabel(paging.from, list.users.length, list.total)}
          </Text>
          {/* aria-disabled, not disabled: the button pressed keeps the focus while its page loads,
              and at the last page (a disabled button drops it to the page's body). */}
          <Button
            size="sm"
            variant="outline"
            aria-disabled={paging.page === 0 || list.loading}
            onClick={() => {
              if (paging.page > 0 && !list.loading) paging.goTo(paging.page - 1);
            }}
          >
            Précédente
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-disabled={paging.page >= paging.lastPage || list.loading}
            onClick={() => {
              if (paging.page < paging.lastPage && !list.loading) paging.goTo(paging.page + 1);
            }}
          >
            Suivante
          </Button>
        </HStack>
      </Flex>

      {historyOf && (
        <LazyPart>
          <HistoryDialog
            title={`Historique des écritures ${ofName(fullName(historyOf))}`}
            of={{ actorId: historyOf.id }}
            onClose={thenBackToOpener(() => setHistoryOf(null))}
          />
        </LazyPart>
      )}
      {userForm.target && (
        <UserFormDialog
          key={userForm.target.key}
          user={userForm.target.user}
          onClose={thenBackToOpener(userForm.close)}
        />
      )}

      <UserSheetsDrawer
        open={servicesPanel.open}
        user={servicesPanel.user}
        onClose={thenBackToOpener(servicesPanel.close)}
        onAddSheet={serviceForm.open}
      />
      {serviceForm.target && (
        <SheetFormDialog
          key={serviceForm.target.key}
          mode="create"
          owner={serviceForm.target.owner}
          onClose={thenBackToOpener(serviceForm.close)}
        />
      )}

      <ConfirmDialog
        open={deletion.open}
        title={deletion.user ? `Supprimer l'utilisateur ${fullName(deletion.user)} ?` : ""}
        onConfirm={deletion.confirm}
        beforeConfirm={deletion.readyToDelete}
        onClose={thenBackToOpener(deletion.close)}
      >
        {deletion.user && (
          <Stack gap="3">
            <Text>Le compte {deletion.user.email} sera désactivé et ne pourra plus se connecter au portail.</Text>
            <SheetHandOverChoice
              sheets={deletion.sheets}
              loading={deletion.sheetsLoading}
              failed={deletion.sheetsFailed}
              onRetry={deletion.retrySheets}
              toPartner={deletion.toPartner}
              onToPartner={deletion.setToPartner}
              recipientId={deletion.recipientId}
              onRecipient={deletion.setRecipient}
              chooserRef={deletion.chooserRef}
              problem={deletion.problem}
            />
            <Text>
              Ses données personnelles (nom, coordonnées, motif de la demande) seront effacées dans{" "}
              {PERSONAL_DATA_RETENTION_MONTHS} mois, comme l'annoncent les mentions légales ; ses contenus restent en
              ligne.
            </Text>
            <Checkbox.Root
              checked={deletion.erase}
              onCheckedChange={(event) => deletion.setErase(event.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                Effacer ses données personnelles dès maintenant (à la demande de la personne)
              </Checkbox.Label>
            </Checkbox.Root>
          </Stack>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
