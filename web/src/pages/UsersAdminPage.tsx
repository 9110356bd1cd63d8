import { Stack } from "@chakra-ui/react";
import { useRef, useState } from "react";
import type { UserRowFragment } from "../generated/users";
import { UsersAdminDialogs } from "../modules/users/UsersAdminDialogs";
import { UsersPager } from "../modules/users/UsersPager";
import { UsersTable } from "../modules/users/UsersTable";
import { UsersToolbar } from "../modules/users/UsersToolbar";
import { useUserReference } from "../modules/users/useUserReference";
import { useUsersAdmin } from "../modules/users/useUsersAdmin";
import { EmptyState } from "../ui/EmptyState";
import { errorMessage } from "../ui/errors";
import { ErrorState } from "../ui/ErrorState";
import { focusWhenLost } from "../ui/focus-when-lost";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";

const TITLE = "Gestion des utilisateurs";

/**
 * Spec: the administrators' list of accounts, with partner requests to validate (state in
 * useUsersAdmin): toolbar and search, the table, its pages, and what a row's actions open.
 */
export default function UsersAdminPage() {
  usePageTitle(TITLE);
  const labels = useUserReference();
  const admin = useUsersAdmin();
  const { search, list, paging, userForm, serviceForm, servicesPanel, deletion, acceptance } = admin;
  const [historyOf, setHistoryOf] = useState<UserRowFragment | null>(null);
  // What a row's « Actions » opened gives the focus back to that button when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const thenBackToOpener = (close: () => void) => () => {
    close();
    focusWhenLost(opener.current);
  };

  return (
    <Stack gap="6">
      <UsersToolbar title={TITLE} search={search} waiting={list.waiting} onCreate={() => userForm.open(null)} />

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

      <UsersPager paging={paging} list={list} />

      <UsersAdminDialogs
        admin={admin}
        historyOf={historyOf}
        onHistoryClosed={() => setHistoryOf(null)}
        closed={thenBackToOpener}
      />
    </Stack>
  );
}
