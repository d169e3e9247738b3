// Docusaurus client module: defines posenc's elements on every page.
// docusaurus.config.js: clientModules: [require.resolve('./posenc-client.js')]
import 'posenc/elements';
