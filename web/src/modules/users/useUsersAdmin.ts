import { useEffect, useState } from "react";
import {
  type OrderDirection,
  type UserOrderField,
  type UserRowFragment,
  useAcceptUserMutation,
  useDeleteUserMutation,
  useUsersQuery,
} from "../../generated/users";
import { errorMessage } from "../../ui/errors";
import { notify } from "../../ui/toaster";
import { useDebouncedValue } from "../../ui/useDebouncedValue";
import { DEFAULT_STATUSES, PAGE_SIZES, REQUESTS_ONLY, SEARCH_DEBOUNCE_MS } from "./users-list";

const REFETCH = { refetchQueries: ["Users"] };

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
  const [deletion, setDeletion] = useState<{ user: UserRowFragment | null; open: boolean; erase: boolean }>({
    user: null,
    open: false,
    erase: false,
  });

  const [deleteUser] = useDeleteUserMutation(REFETCH);
  const confirmDeletion = async () => {
    if (!deletion.user) return;
    try {
      await deleteUser({ variables: { id: deletion.user.id, erase: deletion.erase } });
      notify.info(deletion.erase ? "Utilisateur supprimé, données personnelles effacées" : "Utilisateur supprimé");
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
      ask: (user: UserRowFragment) => setDeletion({ user, open: true, erase: false }),
      close: () => setDeletion((current) => ({ ...current, open: false })),
      setErase: (erase: boolean) => setDeletion((current) => ({ ...current, erase })),
      confirm: confirmDeletion,
    },
    acceptance: { acceptingId, accept },
  };
}
