import { Button, Field, Flex, HStack, NativeSelect, Text } from "@chakra-ui/react";
import type { UsersAdmin } from "./useUsersAdmin";
import { PAGE_SIZES, rangeLabel } from "./users-list";
import "../../ui/more-recipes";

/** Under the users table: how many per page, which ones are shown, the previous and next pages. */
export function UsersPager({ paging, list }: { paging: UsersAdmin["paging"]; list: UsersAdmin["list"] }) {
  return (
    <Flex as="nav" aria-label="Pagination des utilisateurs" gap="4" align="center" justify="space-between" wrap="wrap">
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
  );
}
