package io.fx.micronaut.testsuite.pipeline;

import io.fx.micronaut.pipeline.RequestContext;

import java.util.ArrayList;
import java.util.List;

/** Records the order in which middleware ran, as a request attribute echoed in a header. */
final class PipelineTrace {

    private PipelineTrace() {
    }

    @SuppressWarnings("unchecked")
    static void mark(RequestContext context, String name) {
        List<String> trace = (List<String>) context.getAttribute("trace").orElse(null);
        if (trace == null) {
            trace = new ArrayList<>();
            context.setAttribute("trace", trace);
        }
        trace.add(name);
        context.getResponseHeaders().put("X-Trace", String.join(",", trace));
    }
}
