/**
 * The GraphQL documents Wave's provider sends (https://developer.waveapps.com/hc/en-us/articles/360019968212-API-Reference),
 * each named, with variables only (never values spliced into the text). Every mutation asks for
 * `didSucceed` and `inputErrors`, which Wave answers instead of HTTP errors.
 */
const RESULT = "didSucceed inputErrors { path message code }";

export const WAVE_OPERATIONS = {
  Businesses: `query Businesses { businesses(page: 1, pageSize: 20) { edges { node { id name isPersonal } } } }`,
  Business: `query Business($businessId: ID!) { business(id: $businessId) { id name currency { code } } }`,
  FindCustomers: `query FindCustomers($businessId: ID!, $page: Int!, $email: String) {
    business(id: $businessId) { customers(page: $page, pageSize: 100, email: $email) {
      pageInfo { currentPage totalPages } edges { node { id name email } } } } }`,
  CreateCustomer: `mutation CreateCustomer($input: CustomerCreateInput!) { customerCreate(input: $input) { ${RESULT} customer { id } } }`,
  PatchCustomer: `mutation PatchCustomer($input: CustomerPatchInput!) { customerPatch(input: $input) { ${RESULT} customer { id } } }`,
  FindProducts: `query FindProducts($businessId: ID!, $page: Int!) {
    business(id: $businessId) { products(page: $page, pageSize: 100, isSold: true, isArchived: false) {
      pageInfo { currentPage totalPages } edges { node { id name } } } } }`,
  CreateProduct: `mutation CreateProduct($input: ProductCreateInput!) { productCreate(input: $input) { ${RESULT} product { id } } }`,
  FindAccounts: `query FindAccounts($businessId: ID!, $subtypes: [AccountSubtypeValue!]) {
    business(id: $businessId) { accounts(page: 1, pageSize: 20, subtypes: $subtypes, isArchived: false) {
      edges { node { id name } } } } }`,
  FindInvoice: `query FindInvoice($businessId: ID!, $invoiceNumber: String!) {
    business(id: $businessId) { invoices(page: 1, pageSize: 5, invoiceNumber: $invoiceNumber) {
      edges { node { id invoiceNumber status } } } } }`,
  GetInvoice: `query GetInvoice($businessId: ID!, $invoiceId: ID!) {
    business(id: $businessId) { invoice(id: $invoiceId) { id status amountPaid { value } } } }`,
  CreateInvoice: `mutation CreateInvoice($input: InvoiceCreateInput!) { invoiceCreate(input: $input) { ${RESULT} invoice { id status } } }`,
  PatchInvoice: `mutation PatchInvoice($input: InvoicePatchInput!) { invoicePatch(input: $input) { ${RESULT} invoice { id status } } }`,
  ApproveInvoice: `mutation ApproveInvoice($input: InvoiceApproveInput!) { invoiceApprove(input: $input) { ${RESULT} invoice { id status } } }`,
  CreatePayment: `mutation CreatePayment($input: InvoicePaymentCreateManualInput!) {
    invoicePaymentCreateManual(input: $input) { ${RESULT} invoicePayment { id } } }`,
} as const;

export type WaveOperation = keyof typeof WAVE_OPERATIONS;
