import { Button, Field, Flex, Heading, HStack, Input, Switch, Text } from "@chakra-ui/react";
import type { UsersAdmin } from "./useUsersAdmin";
import { waitingLabel } from "./users-list";
import "../../ui/more-recipes";

const EXPORT_URL = "/api/users/export";

/**
 * The top of the users admin page: its title with « Créer un utilisateur » and the CSV export,
 * the count of requests waiting, then the search and « Demandes à valider uniquement ».
 */
export function UsersToolbar({
  title,
  search,
  waiting,
  onCreate,
}: {
  title: string;
  search: UsersAdmin["search"];
  /** The partner requests waiting for validation; null until known. */
  waiting: number | null;
  onCreate: () => void;
}) {
  return (
    <>
      <Flex
        justify="space-between"
        align={{ base: "stretch", md: "center" }}
        gap="4"
        direction={{ base: "column", md: "row" }}
      >
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" onClick={onCreate}>
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
        {waiting !== null ? waitingLabel(waiting) : "\u00a0"}
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
    </>
  );
}
