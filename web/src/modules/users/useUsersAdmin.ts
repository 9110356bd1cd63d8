import { useEffect, useRef, useState } from "react";
import {
  type OrderDirection,
  type UserOrderField,
  type UserRowFragment,
  useAcceptUserMutation,
  useDeleteUserMutation,
  useSheetHandOverQuery,
  useUsersQuery,
} from "../../generated/users";
import { errorMessage } from "../../ui/errors";
import { notify } from "../../ui/toaster";
import { useDebouncedValue } from "../../ui/useDebouncedValue";
import { deletionNotice, RECIPIENT_REQUIRED } from "./sheet-hand-over";
import { DEFAULT_STATUSES, fullName, PAGE_SIZES, REQUESTS_ONLY, SEARCH_DEBOUNCE_MS } from "./users-list";

const REFETCH = { refetchQueries: ["Users"] };

interface Deletion {
  user: UserRowFragment | null;
  open: boolean;
  erase: boolean;
  toPartner: boolean;
  recipientId: string;
  /** Why « Supprimer » did not go ahead (no partner chosen). */
  problem: string | null;
}
const NO_DELETION: Deletion = {
  user: null,
  open: false,
  erase: false,
  toPartner: false,
  recipientId: "",
  problem: null,
};

export type Owner = Pick<UserRowFragment, "id" | "name" | "surname">;

/**
 * The state of the user management page: the search (debounced text, requests only,
 * sort, page size and page), its results, the row actions (validate, delete) and
 * which dialog or panel is open. The page only lays it out.
 */
export function useUsersAdmin() {
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
  // The range said (« 11–15 sur 15 », read out as it changes) is the shown list's: while the next
  // page loads, the previous one stays on screen, and so does its range.
  const [shownFrom, setShownFrom] = useState(from);
  if (data && shownFrom !== from) setShownFrom(from);

  // After deletions the current page may lie past the end: show the last one.
  useEffect(() => {
    if (data && !loading && page > lastPage) setPaging({ criteria, page: lastPage });
  }, [data, loading, page, lastPage, criteria]);

  const sort = (field: UserOrderField) => {
    if (field === orderBy) setOrderDirection(orderDirection === "ASC" ? "DESC" : "ASC");
    else {
      setOrderBy(field);
      setOrderDirection("ASC");
    }
  };

  // Dialogs and panels: each opening gets a new key, so it starts from the record.
  const [userForm, setUserForm] = useState<{ user: UserRowFragment | null; key: number } | null>(null);
  const [serviceForm, setServiceForm] = useState<{ owner: Owner; key: number } | null>(null);
  const [servicesPanel, setServicesPanel] = useState<{ user: UserRowFragment | null; open: boolean }>({
    user: null,
    open: false,
  });
  // `erase`: the person asked for their personal data to go now, not twelve months later.
  // `toPartner` and `recipientId`: who takes the sheets it owns alone (else the administrators).
  const [deletion, setDeletion] = useState<Deletion>(NO_DELETION);
  const handOver = useSheetHandOverQuery({
    variables: { userId: deletion.user?.id ?? "" },
    skip: !deletion.user,
    fetchPolicy: "network-only",
  });
  const sheets = deletion.user && handOver.data ? handOver.data.sheetHandOver : null;

  const chooserRef = useRef<HTMLSelectElement>(null);
  const [deleteUser] = useDeleteUserMutation({ refetchQueries: ["Users", "ServicesOfOwner"] });
  /** A partner to choose and none chosen: said under the chooser, the dialog stays open. */
  const readyToDelete = () => {
    const missing = deletion.toPartner && (sheets?.alone.length ?? 0) > 0 && !deletion.recipientId;
    setDeletion((current) => ({ ...current, problem: missing ? RECIPIENT_REQUIRED : null }));
    if (missing) chooserRef.current?.focus();
    return !missing;
  };
  const confirmDeletion = async () => {
    if (!deletion.user) return;
    const recipient = deletion.toPartner
      ? (sheets?.recipients.find((user) => user.id === deletion.recipientId) ?? null)
      : null;
    try {
      await deleteUser({
        variables: { id: deletion.user.id, erase: deletion.erase, handSheetsTo: recipient?.id ?? null },
      });
      notify.info(
        deletionNotice({
          erase: deletion.erase,
          handed: sheets?.alone.length ?? 0,
          recipient: recipient && fullName(recipient),
        }),
      );
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  };

  const [acceptingId, setAcceptingId] = useState<string | null>(null);
  const [acceptUser] = useAcceptUserMutation(REFETCH);
  const accept = async (user: UserRowFragment) => {
    // A request without a town is validated from its form, where the town is chosen.
    if (!user.city) {
      setUserForm({ user, key: Date.now() });
      return;
    }
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

  return {
    search: { text: search, setText: setSearch, requestsOnly, setRequestsOnly },
    list: {
      users,
      total,
      waiting: result?.waiting ?? null,
      loading,
      error,
      retry: () => void refetch().catch(() => undefined),
      orderBy,
      orderDirection,
      sort,
    },
    paging: {
      size,
      setSize,
      page,
      lastPage,
      /** Where the shown list starts (the previous page's start while the next one loads). */
      from: data ? from : shownFrom,
      goTo: (next: number) => setPaging({ criteria, page: next }),
    },
    userForm: {
      target: userForm,
      open: (user: UserRowFragment | null) => setUserForm({ user, key: Date.now() }),
      close: () => setUserForm(null),
    },
    serviceForm: {
      target: serviceForm,
      open: (owner: Owner) => setServiceForm({ owner, key: Date.now() }),
      close: () => setServiceForm(null),
    },
    servicesPanel: {
      ...servicesPanel,
      show: (user: UserRowFragment) => setServicesPanel({ user, open: true }),
      close: () => setServicesPanel((current) => ({ ...current, open: false })),
    },
    deletion: {
      ...deletion,
      sheets,
      sheetsLoading: handOver.loading,
      sheetsFailed: Boolean(handOver.error),
      retrySheets: () => void handOver.refetch().catch(() => undefined),
      ask: (user: UserRowFragment) => setDeletion({ ...NO_DELETION, user, open: true }),
      close: () => setDeletion((current) => ({ ...current, open: false })),
      setErase: (erase: boolean) => setDeletion((current) => ({ ...current, erase })),
      setToPartner: (toPartner: boolean) => setDeletion((current) => ({ ...current, toPartner, problem: null })),
      setRecipient: (recipientId: string) => setDeletion((current) => ({ ...current, recipientId, problem: null })),
      chooserRef,
      readyToDelete,
      confirm: confirmDeletion,
    },
    acceptance: { acceptingId, accept },
  };
}

/** The users admin page's state, as its parts (toolbar, pager, dialogs) receive it. */
export type UsersAdmin = ReturnType<typeof useUsersAdmin>;
