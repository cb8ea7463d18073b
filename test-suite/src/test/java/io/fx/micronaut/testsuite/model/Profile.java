package io.fx.micronaut.testsuite.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Properties removed by @JsonIgnore and @Transient never become columns or JSON. */
@FxModel
public class Profile extends BaseModel {

    @Fx("required, filterable")
    private String handle;
    @JsonIgnore
    private String cache;
    private String derived;

    public String getHandle() { return handle; }
    public void setHandle(String handle) { this.handle = handle; }
    public String getCache() { return cache; }
    public void setCache(String cache) { this.cache = cache; }

    @java.beans.Transient
    public String getDerived() { return derived; }
    public void setDerived(String derived) { this.derived = derived; }
}
