import { Network } from "../modules/reference/reference.data";
import type { User } from "../modules/users/user.entity";
import { deletionRefusal, isManaged, isWaitingRequest } from "./account.policy";
import { allowedNetworks } from "./media.policy";
import { canCreateSheetFor, canOwnSheets } from "./sheet.policy";
import { isAdmin, isPartner, type Viewer } from "./viewer";

/**
 * What an account may do, as the web shows it (menus, buttons, filters): the
 * server's own rules, computed here so that no client has to repeat them.
 */
export interface AccountAbilities {
  /** Publish news and resources, see their profile, write to the portal's team. */
  publish: boolean;
  /** Own service sheets (professional partners and administrators). */
  ownServices: boolean;
  /** Manage user accounts (administrators). */
  manageUsers: boolean;
  /** The networks they may reserve an article to, and filter lists on. */
  restrictToNetworks: Network[];
}

export function accountAbilities(viewer: Viewer): AccountAbilities {
  const networks = allowedNetworks(viewer);
  return {
    publish: isPartner(viewer),
    ownServices: viewer.user !== null && canOwnSheets(viewer.user),
    manageUsers: isAdmin(viewer),
    restrictToNetworks: networks === "all" ? Object.values(Network) : [...networks],
  };
}

/** What the viewer may do with a row of the user management list. */
export interface UserRowAbilities {
  edit: boolean;
  delete: boolean;
  /** « Valider la demande »: a partner request waiting for validation. */
  accept: boolean;
  /** « Ajouter un service » for this account. */
  addService: boolean;
}

/**
 * The actions the user management list offers on an account; only administrators get
 * any. The viewer is then an active administrator other than any account they may
 * delete, so that account is never the last administrator.
 */
export function userRowAbilities(viewer: Viewer, target: Pick<User, "id" | "role" | "status">): UserRowAbilities {
  if (!isAdmin(viewer) || !isManaged(target)) return { edit: false, delete: false, accept: false, addService: false };
  return {
    edit: true,
    delete: deletionRefusal(viewer, target, false) === null,
    accept: isWaitingRequest(target),
    addService: canCreateSheetFor(viewer, target),
  };
}
