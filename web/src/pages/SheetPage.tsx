import { Box, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { type ReactNode } from "react";
import { useParams } from "react-router-dom";
import { useServiceDetailQuery } from "../generated/sheet-editing";
import { HistoryButton } from "../modules/audit/HistoryButton";
import { PlaceMap } from "../modules/maps/PlaceMap";
import { ReportErrorButton } from "../modules/reports/ReportErrorButton";
import { QuillContent } from "../modules/media/detail/QuillContent";
import { useLabels } from "../modules/reference/useReferenceData";
import { coveredAreas, ownerName, telHref } from "../modules/sheets/sheet-display";
import { OpeningHoursSection, weekdayIndex } from "../modules/sheets/OpeningHours";
import { SHEET_NOT_FOUND, todayInParis } from "../rules";
import { isChildCare } from "../../../api/src/shared/child-care";
import { SheetFacts } from "../modules/sheets/SheetFacts";
import { SheetFreshness } from "../modules/sheets/SheetFreshness";
import { SheetAvailability } from "../modules/sheets/SheetAvailability";
import { TypeExplanations } from "../modules/sheets/TypeExplanations";
import { Chips } from "../ui/Chips";
import { ErrorState, useLoadFailed } from "../ui/ErrorState";
import { isNotFound } from "../ui/isNotFound";
import { NotFound } from "../ui/NotFound";
import { PageLoader } from "../ui/PageLoader";
import { usePageTitle } from "../ui/usePageTitle";
import { usePageMeta } from "../ssr/render-context";
import { serviceMeta } from "../modules/seo/page-meta";
import { WhenLive } from "../ui/WhenLive";
import { lazyLoad } from "../ui/lazy-load";
import { LazyPart } from "../ui/LazyPart";

// The edit and delete actions (and their dialogs) load only for those who may use them.
const SheetActions = lazyLoad(() => import("../modules/sheets/SheetActions"));
// So does the form of « Places disponibles ».
const SheetAvailabilityEditor = lazyLoad(() => import("../modules/sheets/SheetAvailabilityEditor"));

const NEW_TAB_NOTE = "service-new-tab-note";

function Facet({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="1.5">
      <Text fontWeight="semibold" color="gray.800">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** A service's sheet (spec §9): who runs it, for whom, where, and how to reach it. */
export default function SheetPage() {
  const { serviceId = "" } = useParams();
  const { data, loading, error, refetch } = useServiceDetailQuery({ variables: { id: serviceId } });
  const labels = useLabels();
  const service = data?.service;
  // A page that does not exist keeps NotFound's title (a parent's title is set after its child's).
  const missing = !loading && !service && (isNotFound(error) || !error);
  usePageTitle(service?.serviceName ?? (loading ? null : missing ? "Page introuvable" : "Service"));
  usePageMeta(() => (service ? serviceMeta(service, labels.serviceType) : null));
  const failed = useLoadFailed(Boolean(error) && !isNotFound(error) && !service, loading);

  // A failed connection is not a missing item: the family can try again (and the page does).
  if (failed) return <ErrorState onRetry={() => void refetch().catch(() => undefined)} retrying={loading} />;
  // The card already in the cache has no address: wait for the full sheet.
  if (loading && !service?.fullAddress) return <PageLoader />;
  if (isNotFound(error) || !service) return <NotFound message={SHEET_NOT_FOUND} />;

  const types = service.types.map(labels.serviceType);
  const ages = service.ages.map(labels.age);
  const areas = coveredAreas(service);

  return (
    <Stack as="article" gap="5" maxW="4xl" pb="24">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {service.serviceName}
        </Heading>
        {service.owner && <Text color="gray.700">Propriétaire : {ownerName(service.owner)}</Text>}
        <Text color="gray.700">Gestionnaire : {service.serviceManager}</Text>
      </Stack>
      <SheetFreshness checkedAt={service.checkedAt} needsReview={service.needsReview} />
      <SheetFacts service={service} />
      <SheetAvailability
        availability={service.availability}
        editor={
          service.viewerCan.update &&
          isChildCare(service.types) && (
            // The actions appear once the page is live: a tap on them always does something.
            <WhenLive>
              <LazyPart>
                <SheetAvailabilityEditor service={service} />
              </LazyPart>
            </WhenLive>
          )
        }
      />

      {types.length > 0 && (
        <Facet title="Types de service">
          <Chips label="Types de service" items={types} palette="orange" />
          <TypeExplanations explained={service.typeExplanations} label={labels.serviceType} />
        </Facet>
      )}
      {ages.length > 0 && (
        <Facet title="Âges">
          <Chips label="Âges" items={ages} />
        </Facet>
      )}
      {areas.length > 0 && (
        <Facet title="Territoires desservis">
          <Chips label="Territoires desservis" items={areas} palette="green" />
        </Facet>
      )}

      {service.description && (
        <Box bg="white" p={{ base: "4", md: "6" }} borderRadius="md" borderWidth="1px">
          <QuillContent document={service.description} />
        </Box>
      )}

      <Box as="section" aria-labelledby="contact-heading">
        <Heading as="h2" size="lg" id="contact-heading" mb="2">
          Contact
        </Heading>
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          <li>
            E-mail :{" "}
            <Link href={`mailto:${service.email}`} color="brand.700" textDecoration="underline">
              {service.email}
            </Link>
          </li>
          <li>
            Téléphone fixe :{" "}
            <Link href={telHref(service.phone)} color="brand.700" textDecoration="underline">
              {service.phone}
            </Link>
          </li>
          {service.mobile && (
            <li>
              Téléphone portable :{" "}
              <Link href={telHref(service.mobile)} color="brand.700" textDecoration="underline">
                {service.mobile}
              </Link>
            </li>
          )}
          {service.website && (
            <li>
              Site internet :{" "}
              <Link
                href={service.website}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby={NEW_TAB_NOTE}
                color="brand.700"
                textDecoration="underline"
                wordBreak="break-all"
              >
                {service.website}
              </Link>
            </li>
          )}
          {service.externalLink && (
            <li>
              <Link
                href={service.externalLink}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby={NEW_TAB_NOTE}
                color="brand.700"
                textDecoration="underline"
              >
                Voir la fiche sur le site d'accueil du jeune enfant
              </Link>
            </li>
          )}
        </Stack>
        {/* Read as the description of the links that open a new tab. */}
        <span id={NEW_TAB_NOTE} hidden>
          S'ouvre dans un nouvel onglet
        </span>
      </Box>

      <OpeningHoursSection
        hours={service.openingHours}
        status={service.openingStatus}
        todayIndex={weekdayIndex(todayInParis())}
      />

      <PlaceMap label={service.serviceName} address={service.fullAddress} location={service.location} />
      <ReportErrorButton itemType="SERVICE" id={service.id} label={service.serviceName} />
      <HistoryButton itemType="SERVICE" id={service.id} label={service.serviceName} />
      {(service.viewerCan.update || service.viewerCan.delete) && (
        <WhenLive>
          <LazyPart>
            <SheetActions service={service} />
          </LazyPart>
        </WhenLive>
      )}
    </Stack>
  );
}
