/** npm run web -- [--service-url URL] [--classroom ID] [--port P] [--data-dir DIR] [--poll-seconds S] [--policy-file FILE] [--no-open] */
import { previewCommand } from './runPreview';

await previewCommand(process.argv.slice(2), process.env);
