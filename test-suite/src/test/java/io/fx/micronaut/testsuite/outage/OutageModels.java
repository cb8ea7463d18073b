package io.fx.micronaut.testsuite.outage;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/** The model the outage test writes. */
final class OutageModels {

    private OutageModels() {
    }

    /** One acknowledged write of one writer. */
    @Introspected
    public static class Entry extends BaseModel {
        @Fx("required, filterable")
        private String writer;
        @Fx("required")
        private Long seq;

        public String getWriter() { return writer; }
        public void setWriter(String writer) { this.writer = writer; }
        public Long getSeq() { return seq; }
        public void setSeq(Long seq) { this.seq = seq; }
    }
}
