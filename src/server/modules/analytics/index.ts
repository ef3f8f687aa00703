// The analytics module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export { getPostMetrics, listAnalyticsPosts, loadAnalyticsOverview } from './analytics.service';
export { CSV_BOM, csvCell, csvLine } from './analytics-csv';
export { loadVisitNumbers, type VisitNumbers } from './click-analytics.service';
