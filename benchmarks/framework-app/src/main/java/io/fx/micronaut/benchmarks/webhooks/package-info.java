/**
 * The webhook benchmark's two programs beside the blog server: a receiver that verifies and times every delivery
 * ({@link io.fx.micronaut.benchmarks.webhooks.WebhookReceiverServer}), and a client that creates a given number of
 * posts with a given concurrency ({@link io.fx.micronaut.benchmarks.webhooks.PostCreator}). Run by
 * {@code benchmarks/webhooks.sh}.
 */
package io.fx.micronaut.benchmarks.webhooks;
