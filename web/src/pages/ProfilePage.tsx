import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { type Category } from "../generated/reference";
import { useSession } from "../modules/auth/session";
import { MyMediaList } from "../modules/media/MyMediaList";
import { useLabels } from "../modules/reference/useReferenceData";
import { OwnerSheetsTable } from "../modules/sheets/OwnerSheetsTable";
import { usePageTitle } from "../ui/usePageTitle";

const NEWS: Category[] = ["NEW", "EVENT"];
const RESOURCES: Category[] = ["RESOURCE"];

function Section({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Box as="section" bg="white" p="6" borderRadius="lg" borderWidth="1px">
      <Heading as="h2" size="lg" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

export default function ProfilePage() {
  usePageTitle("Mon profil");
  const { user, can } = useSession();
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
      {can.ownServices && (
        <Section title="Mes Services">
          <OwnerSheetsTable owner={{ id: user.id, name: user.name, surname: user.surname }} />
        </Section>
      )}
      <Section title="Mes actualités">
        <MyMediaList categories={NEWS} basePath="/actualites" empty="Vous n'avez pas encore publié d'actualité." />
      </Section>
      <Section title="Mes Ressources">
        <MyMediaList
          categories={RESOURCES}
          basePath="/ressources"
          empty="Vous n'avez pas encore publié de ressource."
        />
      </Section>
    </Stack>
  );
}
