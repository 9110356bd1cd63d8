import { Box, Heading, Link as ChakraLink, Stack, Table, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { type AlertList, useAlertStatsQuery } from "../generated/alerts";
import { LIST_NAMES } from "../modules/alerts/alert-labels";
import { frenchNumber } from "../rules";
import { EmptyState } from "../ui/EmptyState";
import { ErrorState } from "../ui/ErrorState";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";

const TITLE = "Alertes e-mail";

const isList = (key: string): key is AlertList => key in LIST_NAMES;

/** One table of counts: by list or by place (active and to confirm); no address ever. */
function CountsTable({
  caption,
  keyLabel,
  rows,
}: {
  caption: string;
  keyLabel: string;
  rows: Array<{ key: string; active: number; pending: number }>;
}) {
  if (rows.length === 0) return <EmptyState message="Aucune alerte pour l'instant." />;
  return (
    // Three short columns: they fit a phone, a long place name wraps.
    <Box borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{keyLabel}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Actives</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">À confirmer</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key}>
              <Table.Cell>{isList(row.key) ? LIST_NAMES[row.key] : row.key}</Table.Cell>
              <Table.Cell textAlign="end">{frenchNumber(row.active)}</Table.Cell>
              <Table.Cell textAlign="end">{frenchNumber(row.pending)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/**
 * « Alertes e-mail » (administrators): how many families follow each list and each place, and
 * the followed searches that find nothing today (an offer to build). The server refuses anyone
 * else and never sends an address.
 */
export default function AlertStatsPage() {
  usePageTitle(TITLE);
  const { data, error, loading, refetch } = useAlertStatsQuery({ fetchPolicy: "cache-and-network" });
  const stats = data?.alertStats;

  return (
    <Stack gap="6" maxW="4xl">
      <Heading as="h1" size="2xl">
        {TITLE}
      </Heading>
      <Text color="gray.700">
        Les recherches que les familles suivent avec « Me prévenir », en chiffres : aucune adresse n'est montrée.
      </Text>
      {!stats ? (
        error ? (
          <ErrorState onRetry={() => void refetch().catch(() => undefined)} retrying={loading} />
        ) : (
          <Text role="status">Chargement des chiffres…</Text>
        )
      ) : (
        <>
          <Stack as="section" gap="3" aria-labelledby="alerts-by-list">
            <Heading as="h2" size="lg" id="alerts-by-list">
              Par liste
            </Heading>
            <CountsTable caption="Alertes par liste" keyLabel="Liste" rows={stats.byList} />
          </Stack>
          <Stack as="section" gap="3" aria-labelledby="alerts-by-place">
            <Heading as="h2" size="lg" id="alerts-by-place">
              Par lieu
            </Heading>
            <CountsTable caption="Alertes par lieu" keyLabel="Lieu" rows={stats.byPlace} />
          </Stack>
          <Stack as="section" gap="3" aria-labelledby="alerts-empty">
            <Heading as="h2" size="lg" id="alerts-empty">
              Recherches sans résultat aujourd'hui
            </Heading>
            <Text color="gray.700">
              Parmi les {frenchNumber(stats.searchesChecked)} recherches suivies examinées (les plus suivies d'abord).
            </Text>
            {stats.emptySearches.length === 0 ? (
              <EmptyState message="Toutes les recherches suivies trouvent quelque chose." />
            ) : (
              <Stack as="ul" listStyleType="none" gap="2">
                {stats.emptySearches.map((search) => (
                  <Text as="li" key={`${search.list}:${search.listPath}`}>
                    <ChakraLink asChild color="brand.700" textDecoration="underline">
                      <Link to={search.listPath}>{search.label}</Link>
                    </ChakraLink>{" "}
                    ({LIST_NAMES[search.list]}, {frenchNumber(search.subscribers)} alerte
                    {search.subscribers > 1 ? "s" : ""})
                  </Text>
                ))}
              </Stack>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
