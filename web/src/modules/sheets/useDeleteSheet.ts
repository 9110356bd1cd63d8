import { useApolloClient } from "@apollo/client/react";
import { useCallback } from "react";
import { useDeleteServiceMutation } from "../../generated/sheet-editing";
import { notify } from "../../ui/toaster";

export const SHEET_DELETED = "Service supprimé";

/**
 * Deletes a service: the toast on success; a failure is only logged (spec §8).
 * Lists are fetched again when next shown; the sheet itself leaves the cache once
 * `forget` is called (after leaving its page, so the page does not reload it).
 */
export function useDeleteSheet() {
  const client = useApolloClient();
  const [deleteService] = useDeleteServiceMutation({
    update(cache) {
      cache.evict({ fieldName: "services" });
      cache.evict({ fieldName: "servicesOfOwner" });
    },
  });

  const remove = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        await deleteService({ variables: { id } });
        notify.info(SHEET_DELETED);
        return true;
      } catch (error) {
        console.warn("Suppression du service impossible", error);
        return false;
      }
    },
    [deleteService],
  );

  const forget = useCallback(
    (id: string) => {
      client.cache.evict({ id: client.cache.identify({ __typename: "Service", id }) });
      client.cache.gc();
    },
    [client],
  );

  return { remove, forget };
}
