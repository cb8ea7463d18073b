package io.fx.micronaut.testsuite.scheduled;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

import java.time.Instant;
import java.util.Map;

/** Deliberately wrong scheduled fields, introspected but not discovered: only the startup tests register them. */
final class ScheduledStartupModels {

    private ScheduledStartupModels() {
    }

    /** Base of the models: a status with an enum, a count, a JSON field. */
    @Introspected
    public abstract static class Base extends BaseModel {
        @Fx("enum:draft|published")
        private String status;
        private Long count;
        @Fx("json_object")
        private Map<String, Object> meta;

        public String getStatus() { return status; }
        public void setStatus(String status) { this.status = status; }
        public Long getCount() { return count; }
        public void setCount(Long count) { this.count = count; }
        public Map<String, Object> getMeta() { return meta; }
        public void setMeta(Map<String, Object> meta) { this.meta = meta; }
    }

    @Introspected
    public static class WrongType extends Base {
        @Fx("scheduled;hard-delete")
        private String at;
        public String getAt() { return at; }
        public void setAt(String at) { this.at = at; }
    }

    @Introspected
    public static class NoAction extends Base {
        @Fx("scheduled")
        private Instant at;
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
    }

    @Introspected
    public static class SeveralActions extends Base {
        @Fx("scheduled;soft-delete;hard-delete")
        private Instant at;
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
    }

    @Introspected
    public static class UnknownOption extends Base {
        @Fx("scheduled;hard-delete;when=later")
        private Instant at;
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
    }

    @Introspected
    public static class ToWithoutField extends Base {
        @Fx("scheduled;to=published")
        private Instant at;
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
    }

    @Introspected
    public static class FieldWithoutTo extends Base {
        @Fx("scheduled;field=status;from=draft")
        private Instant at;
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
    }

    @Introspected
    public static class UnknownField extends Base {
        @Fx("scheduled;field=colour;to=red")
        private Instant at;
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
    }

    @Introspected
    public static class JsonField extends Base {
        @Fx("scheduled;field=meta;to=x")
        private Instant at;
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
    }

    @Introspected
    public static class NotCastable extends Base {
        @Fx("scheduled;field=count;to=many")
        private Instant at;
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
    }

    @Introspected
    public static class OutsideEnum extends Base {
        @Fx("scheduled;field=status;from=draft;to=gone")
        private Instant at;
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
    }

    @Introspected
    public static class SoftDeleteWithout extends Base {
        @Fx("scheduled;soft-delete")
        private Instant at;
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
    }

    @Introspected
    public static class Encrypted extends Base {
        @Fx("scheduled;hard-delete, encrypted")
        private Instant at;
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
    }

    /** Two schedules set status, the later without a guard: a warning, not a failure. */
    @Introspected
    public static class Overlapping extends Base {
        @Fx("scheduled;field=status;from=draft;to=published")
        private Instant publishAt;
        @Fx("scheduled;field=status;to=draft")
        private Instant resetAt;
        public Instant getPublishAt() { return publishAt; }
        public void setPublishAt(Instant publishAt) { this.publishAt = publishAt; }
        public Instant getResetAt() { return resetAt; }
        public void setResetAt(Instant resetAt) { this.resetAt = resetAt; }
    }
}
