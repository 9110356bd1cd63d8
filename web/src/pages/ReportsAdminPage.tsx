import { Badge, Box, Button, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import {
  type ReportFieldsFragment,
  type ReportStatus,
  useReportsQuery,
  useSetReportStatusMutation,
} from "../generated/reports";
import { formatDateTime } from "../modules/media/dates";
import { EmptyState } from "../ui/EmptyState";
import { errorMessage } from "../ui/errors";
import { ErrorState } from "../ui/ErrorState";
import { Pagination } from "../ui/Pagination";
import { PressedButtons } from "../ui/PressedButtons";
import { RouterLink } from "../ui/RouterLink";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";

const TITLE = "Signalements";

const STATUSES: ReportStatus[] = ["NEW", "HANDLED", "REJECTED"];

const STATUS_LABELS: Record<ReportStatus, string> = { NEW: "Nouveaux", HANDLED: "Traités", REJECTED: "Rejetés" };
const STATUS_BADGES: Record<ReportStatus, { label: string; palette: string }> = {
  NEW: { label: "Nouveau", palette: "orange" },
  HANDLED: { label: "Traité", palette: "green" },
  REJECTED: { label: "Rejeté", palette: "gray" },
};
const EMPTY_MESSAGES: Record<ReportStatus, string> = {
  NEW: "Aucun nouveau signalement.",
  HANDLED: "Aucun signalement traité.",
  REJECTED: "Aucun signalement rejeté.",
};
const ITEM_KINDS = { SERVICE: "Fiche de service", MEDIA: "Article" } as const;

const statusOf = (value: string | null): ReportStatus =>
  STATUSES.includes(value as ReportStatus) ? (value as ReportStatus) : "NEW";

function ReportView({
  report,
  busy,
  onSet,
}: {
  report: ReportFieldsFragment;
  busy: boolean;
  onSet: (status: ReportStatus) => void;
}) {
  const headingId = `signalement-${report.id}`;
  const badge = STATUS_BADGES[report.status];
  return (
    <Box as="li" bg="white" borderWidth="1px" borderRadius="md" p={{ base: "4", md: "5" }} aria-labelledby={headingId}>
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
          <Heading as="h2" size="md" id={headingId}>
            <RouterLink to={report.itemPath} color="brand.700" textDecoration="underline">
              {report.itemLabel}
            </RouterLink>
          </Heading>
          <Badge colorPalette={badge.palette} variant="subtle">
            {badge.label}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="gray.700">
          {ITEM_KINDS[report.itemType]} · signalé le{" "}
          <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
        </Text>
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {report.message}
        </Text>
        <Text fontSize="sm">
          {report.reporterEmail ? (
            <>
              Adresse pour répondre :{" "}
              <Link href={`mailto:${report.reporterEmail}`} color="brand.700" textDecoration="underline">
                {report.reporterEmail}
              </Link>
            </>
          ) : (
            "Pas d'adresse e-mail laissée."
          )}
        </Text>
        {report.handledAt && (
          <Text fontSize="sm" color="gray.700">
            {badge.label} le <time dateTime={report.handledAt}>{formatDateTime(report.handledAt)}</time>
            {report.handledBy && ` par ${report.handledBy}`}
          </Text>
        )}
        <HStack gap="3" flexWrap="wrap" pt="1">
          {report.status !== "HANDLED" && (
            <Button size="sm" colorPalette="brand" disabled={busy} onClick={() => onSet("HANDLED")}>
              Marquer comme traité
            </Button>
          )}
          {report.status !== "REJECTED" && (
            <Button size="sm" variant="outline" colorPalette="brand" disabled={busy} onClick={() => onSet("REJECTED")}>
              Rejeter
            </Button>
          )}
          {report.status !== "NEW" && (
            <Button size="sm" variant="ghost" colorPalette="brand" disabled={busy} onClick={() => onSet("NEW")}>
              Remettre en nouveau
            </Button>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}

/** The administrators' list of error reports, by status, each to mark handled or rejected. */
export default function ReportsAdminPage() {
  usePageTitle(TITLE);
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get("statut"));
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { data, loading, error, refetch } = useReportsQuery({
    variables: { status, page: page - 1 },
    fetchPolicy: "cache-and-network",
  });
  const [setReportStatus] = useSetReportStatusMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");
  const statusLine = useRef<HTMLParagraphElement>(null);

  const counts = data?.reports.counts ?? [];
  const countOf = (value: ReportStatus) => counts.find((entry) => entry.status === value)?.count;
  const results = data?.reports.results ?? [];

  const choose = (value: ReportStatus) => setParams(value === "NEW" ? {} : { statut: value });

  const change = async (report: ReportFieldsFragment, next: ReportStatus) => {
    setBusyId(report.id);
    try {
      await setReportStatus({ variables: { id: report.id, status: next } });
      await refetch();
      setAnnounce(
        `Signalement « ${report.itemLabel} » ${next === "HANDLED" ? "marqué comme traité" : next === "REJECTED" ? "rejeté" : "remis en nouveau"}.`,
      );
    } catch (failure) {
      setAnnounce(errorMessage(failure));
    } finally {
      setBusyId(null);
      // The report has left this list: the focus goes to what was done.
      statusLine.current?.focus();
    }
  };

  return (
    <Stack gap="5" maxW="4xl">
      <Heading as="h1" size="2xl">
        {TITLE}
      </Heading>
      <Text color="gray.700">
        Les erreurs signalées par les visiteurs sur les fiches de services et les articles. Le partenaire concerné les a
        reçues par e-mail.
      </Text>
      <PressedButtons
        label="Statut des signalements"
        options={STATUSES.map((value) => {
          const count = countOf(value);
          return { value, label: count === undefined ? STATUS_LABELS[value] : `${STATUS_LABELS[value]} (${count})` };
        })}
        value={status}
        onChange={choose}
      />
      <Text ref={statusLine} tabIndex={-1} role="status" aria-live="polite" outline="none" fontWeight="medium">
        {announce}
      </Text>

      {error && !data ? (
        <ErrorState onRetry={() => void refetch().catch(() => undefined)} />
      ) : loading && !data ? (
        <Text role="status">Chargement des signalements…</Text>
      ) : results.length === 0 ? (
        <EmptyState message={EMPTY_MESSAGES[status]} />
      ) : (
        <Stack
          as="ul"
          listStyleType="none"
          m="0"
          p="0"
          gap="4"
          aria-label={`Signalements : ${STATUS_LABELS[status].toLowerCase()}`}
        >
          {results.map((report) => (
            <ReportView
              key={report.id}
              report={report}
              busy={busyId === report.id}
              onSet={(next) => void change(report, next)}
            />
          ))}
        </Stack>
      )}
      <Pagination
        count={data?.reports.count ?? 0}
        page={page}
        hrefFor={(target) =>
          `/signalements?${new URLSearchParams({ ...(status === "NEW" ? {} : { statut: status }), ...(target > 1 ? { page: String(target) } : {}) })}`
        }
      />
    </Stack>
  );
}
