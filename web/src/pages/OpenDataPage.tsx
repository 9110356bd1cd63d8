import { Box, Heading, Link, Stack, Table, Text } from "@chakra-ui/react";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";

const FILES = [
  { label: "Structures (JSON)", href: "/api/open-data/structures" },
  { label: "Structures (CSV, tableur)", href: "/api/open-data/structures.csv" },
  { label: "Services (JSON)", href: "/api/open-data/services" },
  { label: "Services (CSV, tableur)", href: "/api/open-data/services.csv" },
];

const FIELDS: Array<[string, string]> = [
  ["id, structure_id", "L'identifiant de la fiche sur le portail (la structure et son service portent le même)."],
  ["nom", "Le nom du lieu ou de l'offre, tel que le partenaire l'a écrit (3 à 150 caractères)."],
  ["description", "Le texte de la fiche ; à défaut, ce qu'est le service et sa commune."],
  ["adresse, code_postal, commune, latitude, longitude", "Où se trouve le lieu."],
  ["courriel, telephone", "Le contact public de la fiche, tel qu'il est affiché sur le portail."],
  ["thematiques, type", "Les types de service du portail traduits dans le référentiel data·inclusion."],
  ["publics", "Les familles, et les jeunes ou les personnes en situation de handicap selon la fiche."],
  ["lien_source", "L'adresse de la fiche sur le portail."],
  ["date_maj", "La date à laquelle le partenaire a mis à jour ou confirmé la fiche pour la dernière fois."],
];

/** Route /donnees-ouvertes: what the open data holds, in which format and under which licence. */
export default function OpenDataPage() {
  usePageTitle("Données ouvertes");
  return (
    <Stack as="article" gap="6" maxW="4xl">
      <Heading as="h1" size="2xl">
        Données ouvertes
      </Heading>
      <Text fontSize="lg" color="gray.700">
        Les fiches des lieux et services de l'annuaire sont publiées au format commun data·inclusion, pour que d'autres
        annuaires de services aux familles puissent les reprendre.
      </Text>
      <Box as="section">
        <Heading as="h2" size="lg" mb="3">
          Télécharger
        </Heading>
        <Box as="ul" ps="6" listStyleType="disc">
          {FILES.map((file) => (
            <Box as="li" key={file.href} mb="2">
              <Link href={file.href} color="brand.700" textDecoration="underline">
                {file.label}
              </Link>
            </Box>
          ))}
        </Box>
        <Text mt="3" lineHeight="tall">
          Les fichiers CSV sont en UTF-8, colonnes séparées par un point-virgule : ils s'ouvrent directement dans un
          tableur. Les listes (thématiques, publics…) y sont séparées par des virgules.
        </Text>
      </Box>
      <Box as="section">
        <Heading as="h2" size="lg" mb="3">
          Licence
        </Heading>
        <Text lineHeight="tall">
          Ces données sont publiées sous la{" "}
          <Link
            href="https://www.etalab.gouv.fr/licence-ouverte-open-licence/"
            color="brand.700"
            textDecoration="underline"
          >
            Licence Ouverte 2.0
          </Link>{" "}
          : vous pouvez les réutiliser librement, y compris à des fins commerciales, en citant leur source (Portail
          parentalité) et la date de leur dernière mise à jour.
        </Text>
      </Box>
      <Box as="section">
        <Heading as="h2" size="lg" mb="3">
          Les champs
        </Heading>
        <Text mb="3" lineHeight="tall">
          Chaque fiche devient une structure et un service du schéma data·inclusion (version 1). Les principaux champs :
        </Text>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Champ</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Contenu</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {FIELDS.map(([field, meaning]) => (
              <Table.Row key={field}>
                <Table.Cell fontFamily="mono" fontSize="sm">
                  {field}
                </Table.Cell>
                <Table.Cell>{meaning}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <Text mt="3" lineHeight="tall">
          Aucune donnée des comptes des partenaires n'est publiée. Les articles et évènements ont leurs propres flux (
          <Link href="/flux/actualites.xml" color="brand.700" textDecoration="underline">
            actualités
          </Link>
          ,{" "}
          <Link href="/flux/evenements.ics" color="brand.700" textDecoration="underline">
            agenda
          </Link>
          ) et l'
          <Link href="/graphql" color="brand.700" textDecoration="underline">
            API GraphQL
          </Link>{" "}
          donne le reste de ce qui est public.
        </Text>
      </Box>
    </Stack>
  );
}
