/**
 * Prometheus' text exposition format, read back by parse-prometheus-text-format (a port of the
 * Prometheus Python client's parser): a test checks what a scraper would read, not our own idea
 * of the format. It throws on a line the format does not allow.
 */
import parse from 'parse-prometheus-text-format';

export interface MetricFamily {
  name: string;
  help: string;
  type: string;
  metrics: { value: string; labels?: Record<string, string> }[];
}

export const parsePrometheusText = (text: string): MetricFamily[] =>
  (parse as (text: string) => MetricFamily[])(text);
