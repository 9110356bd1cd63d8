import { defined, firstGiven } from "./codecs";
import { presentService, SERVICE_FIELDS } from "./presenters";
import type { RestRoute } from "./routes";

type Row = Record<string, unknown>;

/** What ServiceInput requires: a blank value is passed on for its own message (« Le nom de la structure est requis. »). */
const REQUIRED_FIELDS = ["serviceName", "serviceManager", "email", "phone", "fullAddress", "city", "zip"];

/**
 * A legacy service body as ServiceInput: `fax` is the mobile number, `type` the types. Optional
 * fields left blank ("" for mobile, website, externalLink, epci, description…) are absent.
 */
const serviceInput = (body: Row) =>
  defined(
    {
      serviceName: body.serviceName,
      serviceManager: body.serviceManager,
      email: body.email,
      phone: body.phone,
      mobile: firstGiven(body.mobile, body.fax),
      website: body.website,
      externalLink: body.externalLink,
      fullAddress: body.fullAddress,
      city: body.city,
      zip: body.zip,
      epci: body.epci,
      location: body.location,
      types: firstGiven(body.types, body.type),
      ages: body.ages,
      coveredLocations: body.coveredLocations,
      description:
        body.description && typeof body.description === "object" ? JSON.stringify(body.description) : body.description,
    },
    REQUIRED_FIELDS,
  );

export const serviceWriteRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/services/add",
    document: `mutation RestCreateService($ownerId: ID!, $input: ServiceInput!) {
      createService(ownerId: $ownerId, input: $input) { ${SERVICE_FIELDS} } }`,
    // Spec §7: userIds holds one item, the owner.
    variables: ({ body }) =>
      defined({ ownerId: Array.isArray(body.userIds) ? body.userIds[0] : undefined, input: serviceInput(body) }),
    present: presentService,
    status: 201,
  },
  {
    method: "PUT",
    path: "/services/update",
    document: `mutation RestUpdateService($id: ID!, $input: ServiceInput!) {
      updateService(id: $id, input: $input) { ${SERVICE_FIELDS} } }`,
    variables: ({ body }) => defined({ id: body.id, input: serviceInput(body) }),
    present: presentService,
  },
  {
    method: "GET",
    path: "/services/owner/:userId",
    document: `query RestServicesOfOwner($userId: ID!) { servicesOfOwner(userId: $userId) { ${SERVICE_FIELDS} } }`,
    variables: ({ params }) => ({ userId: params.userId }),
    present: (services: Row[]) => services.map(presentService),
  },
  {
    method: "DELETE",
    path: "/services/delete/:id",
    document: `mutation RestDeleteService($id: ID!) { deleteService(id: $id) }`,
    variables: ({ params }) => ({ id: params.id }),
    present: () => ({ message: "Service supprimé." }),
  },
];
