package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A model with a nullable field of every scalar type, for the list query tests. */
@FxModel
public class Specimen extends BaseModel {

    @Fx("filterable, sortable")
    private String name;
    @Fx("filterable, sortable")
    private Long quantity;
    @Fx("filterable, sortable")
    private Double price;
    @Fx("filterable, sortable")
    private Boolean active;
    @Fx("filterable, sortable")
    private Instant seenAt;
    @Fx("json_array, filterable")
    private List<Object> tags;
    @Fx("json_object, filterable")
    private Map<String, Object> props;
    @Fx("sortable")
    private String note;
    @Fx("hidden, filterable, sortable")
    private String code;
    @Fx("filterable")
    private String color;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public Long getQuantity() { return quantity; }
    public void setQuantity(Long quantity) { this.quantity = quantity; }
    public Double getPrice() { return price; }
    public void setPrice(Double price) { this.price = price; }
    public Boolean getActive() { return active; }
    public void setActive(Boolean active) { this.active = active; }
    public Instant getSeenAt() { return seenAt; }
    public void setSeenAt(Instant seenAt) { this.seenAt = seenAt; }
    public List<Object> getTags() { return tags; }
    public void setTags(List<Object> tags) { this.tags = tags; }
    public Map<String, Object> getProps() { return props; }
    public void setProps(Map<String, Object> props) { this.props = props; }
    public String getNote() { return note; }
    public void setNote(String note) { this.note = note; }
    public String getCode() { return code; }
    public void setCode(String code) { this.code = code; }
    public String getColor() { return color; }
    public void setColor(String color) { this.color = color; }
}
