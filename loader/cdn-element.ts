// The entry of element.umd.js, the element's CDN file: defines <svc-contract-signing> (the npm element entry's
// class) on a page that loaded index.umd.js before it, for pages without a bundler (docs/server-rendered.md).
import { SvcContractSigning } from './element-class';

if (!customElements.get('svc-contract-signing')) customElements.define('svc-contract-signing', SvcContractSigning);
