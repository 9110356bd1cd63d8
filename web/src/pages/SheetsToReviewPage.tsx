import { Badge, Box, Heading, Link as ChakraLink, SimpleGrid, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { Link, useSearchParams } from "react-router-dom";
import { useServicesToReviewQuery } from "../generated/freshness";
import { formatDate } from "../modules/media/dates";
import { SHEET_REMINDER_MONTHS, SHEET_REVIEW_MONTHS } from "../rules";
import { EmptyState } from "../ui/EmptyState";
import { errorMessage } from "../ui/errors";
import { ErrorState } from "../ui/ErrorState";
import { Pagination } from "../ui/Pagination";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";

const TITLE = "Fiches à vérifier";
const COLUMNS = ["Fiche", "Propriétaire", "Mise à jour le", "Dernière relance", "État"];

function Count({ value, label }: { value: number | undefined; label: string }) {
  return (
    <Box bg="white" borderWidth="1px" borderRadius="md" p="4">
      <Text fontSize="3xl" fontWeight="bold" color="brand.800">
        {value ?? <Skeleton as="span" display="inline-block" height="8" width="10" />}
      </Text>
      <Text color="gray.800">{label}</Text>
    </Box>
  );
}

/** Administrators: the sheets nobody has confirmed for months, oldest first, with counts. */
export default function SheetsToReviewPage() {
  usePageTitle(TITLE);
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { data, loading, error, refetch } = useServicesToReviewQuery({
    variables: { page: page - 1 },
    fetchPolicy: "cache-and-network",
  });
  const review = data?.servicesToReview;
  const rows = review?.results ?? [];

  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="gray.800" maxW="3xl">
          Les fiches que leur propriétaire n'a ni modifiées ni confirmées depuis plus de {SHEET_REMINDER_MONTHS} mois,
          les plus anciennes d'abord. Leur propriétaire reçoit un rappel par e-mail au plus une fois par semaine ; après{" "}
          {SHEET_REVIEW_MONTHS} mois, la fiche affiche « Informations à vérifier ».
        </Text>
      </Stack>

      <SimpleGrid as="section" aria-label="Nombre de fiches" columns={{ base: 1, md: 3 }} gap="3">
        <Count value={review?.toReview} label={`À vérifier (plus de ${SHEET_REVIEW_MONTHS} mois)`} />
        <Count value={review?.dueForReminder} label={`Non confirmées depuis plus de ${SHEET_REMINDER_MONTHS} mois`} />
        <Count value={review?.reminded} label="Propriétaires relancés, sans réponse" />
      </SimpleGrid>

      {error && !data ? (
        <ErrorState message={errorMessage(error)} onRetry={() => void refetch().catch(() => undefined)} />
      ) : !loading && rows.length === 0 ? (
        <EmptyState message="Aucune fiche à vérifier : toutes ont été confirmées récemment." />
      ) : (
        <Table.ScrollArea
          role="region"
          aria-label={`${TITLE} (défilement horizontal possible)`}
          tabIndex={0}
          borderWidth="1px"
          borderRadius="md"
          _focusVisible={{ outline: "2px solid", outlineColor: "brand.500", outlineOffset: "2px" }}
        >
          <Table.Root size="sm" aria-busy={loading} minW="720px" bg="white">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((title) => (
                  <Table.ColumnHeader key={title}>{title}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.length === 0
                ? Array.from({ length: 3 }, (_, row) => (
                    <Table.Row key={row}>
                      {COLUMNS.map((title) => (
                        <Table.Cell key={title}>
                          <Skeleton height="4" />
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))
                : rows.map((row) => (
                    <Table.Row key={row.id}>
                      <Table.Cell fontWeight="medium">
                        <ChakraLink asChild color="brand.700" textDecoration="underline">
                          <Link to={`/services/${row.id}`}>{row.serviceName}</Link>
                        </ChakraLink>
                      </Table.Cell>
                      <Table.Cell>
                        {row.ownerName ?? "—"}
                        {row.ownerEmail && (
                          <Text as="span" display="block" color="gray.700" wordBreak="break-all">
                            {row.ownerEmail}
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatDate(row.checkedAt)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">
                        {row.reminderSentAt ? formatDate(row.reminderSentAt) : "Aucune"}
                      </Table.Cell>
                      <Table.Cell>
                        {row.needsReview ? (
                          <Badge colorPalette="red" variant="surface">
                            Informations à vérifier
                          </Badge>
                        ) : (
                          <Badge colorPalette="orange" variant="surface">
                            À confirmer
                          </Badge>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Pagination
        count={review?.dueForReminder ?? 0}
        page={page}
        hrefFor={(target) => (target === 1 ? "/fiches-a-verifier" : `/fiches-a-verifier?page=${target}`)}
      />
    </Stack>
  );
}
