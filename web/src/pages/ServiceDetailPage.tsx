import { Box, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { useParams } from "react-router-dom";
import { useServiceDetailQuery } from "../generated/graphql";
import { quillParagraphs } from "../modules/media/quill-text";
import { useLabels } from "../modules/reference/useReferenceData";
import { Chips } from "../ui/Chips";
import { isNotFound } from "../ui/isNotFound";
import { NotFound } from "../ui/NotFound";
import { PageLoader } from "../ui/PageLoader";
import { usePageTitle } from "../ui/usePageTitle";

export default function ServiceDetailPage() {
  const { serviceId = "" } = useParams();
  const { data, loading, error } = useServiceDetailQuery({ variables: { id: serviceId } });
  const labels = useLabels();
  const service = data?.service;
  usePageTitle(service?.serviceName ?? (loading ? null : "Service"));

  if (loading && !service?.fullAddress) return <PageLoader />;
  if (isNotFound(error) || !service) return <NotFound message="Ce service est introuvable." />;
  const description = quillParagraphs(service.description) ?? [];

  return (
    <Stack as="article" gap="5" maxW="4xl">
      <Heading as="h1" size="2xl">
        {service.serviceName}
      </Heading>
      <Text color="gray.700">Gestionnaire : {service.serviceManager}</Text>
      <Chips label="Types de service" items={service.types.map(labels.serviceType)} palette="orange" />
      <Chips label="Âges" items={service.ages.map(labels.age)} />
      <Chips label="Territoires desservis" items={[service.epci, ...service.coveredLocations]} palette="green" />
      {description.length > 0 && (
        <Box bg="white" p="6" borderRadius="md" borderWidth="1px">
          {description.map((paragraph, index) => (
            <Text key={index} mb="3">
              {paragraph}
            </Text>
          ))}
        </Box>
      )}
      <Box as="section" aria-labelledby="contact-heading">
        <Heading as="h2" size="lg" id="contact-heading" mb="2">
          Contact
        </Heading>
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          <li>
            Adresse : <address style={{ display: "inline", fontStyle: "normal" }}>{service.fullAddress}</address>
          </li>
          <li>
            E-mail : <Link href={`mailto:${service.email}`}>{service.email}</Link>
          </li>
          <li>
            Téléphone fixe : <Link href={`tel:${service.phone.replace(/\s/g, "")}`}>{service.phone}</Link>
          </li>
          {service.mobile && (
            <li>
              Téléphone portable : <Link href={`tel:${service.mobile.replace(/\s/g, "")}`}>{service.mobile}</Link>
            </li>
          )}
          {service.website && (
            <li>
              Site internet :{" "}
              <Link href={service.website} target="_blank" rel="noopener noreferrer">
                {service.website}
              </Link>
            </li>
          )}
          {service.externalLink && (
            <li>
              <Link href={service.externalLink} target="_blank" rel="noopener noreferrer">
                Voir la fiche sur le site d'accueil du jeune enfant
              </Link>
            </li>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}
