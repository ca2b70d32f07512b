// Only for the search suites (app/server/properties/search*.test.ts), which are moving to
// app/server/search/ on another branch: once they import tests/support/factories.ts directly,
// delete this file. Every other suite does already.
export { insertPhoto, insertProperty } from "../../../tests/support/factories";
