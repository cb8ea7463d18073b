/**
 * The generic controller, the custom action and sub-resource routes around one serve frame, probes and error
 * rendering: the envelope for every answer under the path prefix (including Micronaut's and Netty's own; the
 * 403s of Micronaut's CORS filter as {@code CORS_ORIGIN_DENIED}, {@code CORS_METHOD_DENIED} or
 * {@code CORS_HEADER_DENIED}), checks of Micronaut's CORS configuration at startup, the write body's media
 * types ({@link io.fx.micronaut.web.BodyMediaType}) and each route's body limit ({@link
 * io.fx.micronaut.web.BodySizeLimit}, given the {@link io.fx.micronaut.web.RouteTarget}), strict HTTP/1
 * framing on the Netty server, and the hold a request filter may put on a request's pipeline until work it
 * started completes ({@link io.fx.micronaut.web.PipelineGate}).
 */
package io.fx.micronaut.web;
