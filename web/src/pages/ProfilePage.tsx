import { Box, Heading, Stack, Table, Text } from "@chakra-ui/react";
import { useSession } from "../modules/auth/session";
import { useLabels } from "../modules/reference/useReferenceData";
import { usePageTitle } from "../ui/usePageTitle";

function Section({ title, empty, children }: { title: string; empty: string; children?: React.ReactNode }) {
  return (
    <Box as="section" bg="white" p="6" borderRadius="lg" borderWidth="1px">
      <Heading as="h2" size="lg" mb="3">
        {title}
      </Heading>
      {children}
      <Text color="gray.700">{empty}</Text>
    </Box>
  );
}

export default function ProfilePage() {
  usePageTitle("Mon profil");
  const { user, role } = useSession();
  const labels = useLabels();
  if (!user) return null;

  return (
    <Stack gap="6" maxW="5xl">
      <Heading as="h1" size="2xl">
        Mon profil
      </Heading>
      <Box as="section" bg="white" p="6" borderRadius="lg" borderWidth="1px" aria-labelledby="profile-identity">
        <Heading as="h2" size="lg" mb="3" id="profile-identity">
          {user.surname} {user.name}
        </Heading>
        <Stack as="dl" gap="1">
          <Box>
            <Text as="dt" display="inline" fontWeight="semibold">
              E-mail :{" "}
            </Text>
            <Text as="dd" display="inline">
              {user.email}
            </Text>
          </Box>
          <Box>
            <Text as="dt" display="inline" fontWeight="semibold">
              Téléphone :{" "}
            </Text>
            <Text as="dd" display="inline">
              {user.phone || "non renseigné"}
            </Text>
          </Box>
          {user.networks.length > 0 && (
            <Box>
              <Text as="dt" display="inline" fontWeight="semibold">
                Réseaux :{" "}
              </Text>
              <Text as="dd" display="inline">
                {user.networks.map(labels.network).join(", ")}
              </Text>
            </Box>
          )}
        </Stack>
      </Box>
      {(role === "FULL_PARTNER" || role === "ADMIN") && (
        <Section title="Mes Services" empty="Aucun service n'est rattaché à votre compte.">
          <Table.ScrollArea mb="3">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  {["Actions", "Nom", "Gestionnaire", "Téléphone fixe", "Téléphone portable", "Adresse"].map(
                    (title) => (
                      <Table.ColumnHeader key={title}>{title}</Table.ColumnHeader>
                    ),
                  )}
                </Table.Row>
              </Table.Header>
              <Table.Body />
            </Table.Root>
          </Table.ScrollArea>
        </Section>
      )}
      <Section title="Mes actualités" empty="Vous n'avez pas encore publié d'actualité." />
      <Section title="Mes Ressources" empty="Vous n'avez pas encore publié de ressource." />
    </Stack>
  );
}
