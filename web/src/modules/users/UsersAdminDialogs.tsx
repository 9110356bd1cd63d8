import type { UserRowFragment } from "../../generated/users";
import { ofName } from "../../rules";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";
import { SheetFormDialog } from "../sheets/SheetFormDialog";
import { UserSheetsDrawer } from "../sheets/UserSheetsDrawer";
import { UserDeletionDialog } from "./UserDeletionDialog";
import { UserFormDialog } from "./UserFormDialog";
import type { UsersAdmin } from "./useUsersAdmin";
import { fullName } from "./users-list";

const HistoryDialog = lazyLoad(() => import("../audit/HistoryDialog"));

/**
 * What a row's « Actions » opens on the users admin page: an account's history, its form, its
 * sheets (and a new sheet's form), its deletion. Each one, closed, calls `closed` with its own
 * close function (the page gives the focus back to the button that opened it).
 */
export function UsersAdminDialogs({
  admin: { userForm, serviceForm, servicesPanel, deletion },
  historyOf,
  onHistoryClosed,
  closed,
}: {
  admin: UsersAdmin;
  historyOf: UserRowFragment | null;
  onHistoryClosed: () => void;
  closed: (close: () => void) => () => void;
}) {
  return (
    <>
      {historyOf && (
        <LazyPart>
          <HistoryDialog
            title={`Historique des écritures ${ofName(fullName(historyOf))}`}
            of={{ actorId: historyOf.id }}
            onClose={closed(onHistoryClosed)}
          />
        </LazyPart>
      )}
      {userForm.target && (
        <UserFormDialog key={userForm.target.key} user={userForm.target.user} onClose={closed(userForm.close)} />
      )}

      <UserSheetsDrawer
        open={servicesPanel.open}
        user={servicesPanel.user}
        onClose={closed(servicesPanel.close)}
        onAddSheet={serviceForm.open}
      />
      {serviceForm.target && (
        <SheetFormDialog
          key={serviceForm.target.key}
          mode="create"
          owner={serviceForm.target.owner}
          onClose={closed(serviceForm.close)}
        />
      )}

      <UserDeletionDialog deletion={deletion} onClose={closed(deletion.close)} />
    </>
  );
}
