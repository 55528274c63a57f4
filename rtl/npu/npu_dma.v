// npu_dma — two load engines, one store engine and their share of the memory
// port.
//
// Loads: commands go to the two load engines in turn, so a second load can
// issue its requests while the first one waits for its responses (each command
// pays the DRAM latency once, not back to back). The older engine wins the
// port when both request, and an engine requests without a break from its
// first beat to its last, so the younger one's requests, and therefore its
// responses, all come after the older one's: responses go to the older engine
// while it is busy, else to the other. Loads complete in issue order. The core
// keeps each engine's SRAM and DRAM ranges for its interlocks.
//
// Landing (dld): the vector SRAM is banked (npu_vector), and the core reserves
// each bank's write port when it issues an instruction that writes it later
// (VEC_LAT - 1 cycles ahead for the element-wise pipeline, up to
// VLEN/SFU_LANES + 4 for the SFU). DRAM data cannot wait, so a dld beat is
// written LAND = VLEN/SFU_LANES + 5 cycles after it arrives, through a line of
// landing registers that the core reads (land_banks: the banks written at each
// of the next LAND edges): every DMA write is known before any instruction that
// could collide with it issues, and the instruction waits instead. An mld beat
// is written into the matrix SRAM as it arrives (that SRAM's DMA port has no
// other writer). The engines' busy / first-incomplete-row views (ld_busy, ld_lo)
// cover the beats still in the line.
//
// Store reads: the store engine reads its rows (one bank, two when the row is
// not lane-aligned) in the cycle it presents a beat to DRAM, before anything
// the core issues (st_rbanks: the core's reads of those banks wait).
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_dma #(
    parameter integer VLEN  = `NPU_VLEN,
    parameter integer ROWW  = $clog2(`NPU_VROWS),
    parameter integer W     = VLEN * 16,
    // beat index within a DRAM row: a row of up to 65535 elements (dlen is 16 bits)
    // at any lane offset spans at most (65535 + 2*VLEN - 2) / VLEN beats
    parameter integer BEATW = $clog2((65535 + 2 * VLEN - 2) / VLEN + 1),
    parameter integer NB    = `NPU_VBANKS,                  // vector-SRAM banks
    parameter integer LAND  = `NPU_VLEN / `NPU_SFU_LANES + 5  // dld landing delay (npu_top)
) (
    input  wire            clk,
    input  wire            rst,
    // command from the core (at most one of ld/st per cycle; engine idle)
    input  wire            cmd_ld,
    input  wire            cmd_st,
    input  wire [31:0]     cmd_addr,
    input  wire [ROWW-1:0] cmd_vrow,
    input  wire [31:0]     cmd_nrows,
    input  wire [31:0]     cmd_stride,
    input  wire [15:0]     cmd_dlen,
    input  wire            cmd_to_m,    // the load fills the matrix SRAM (mld)
    // load engine state for the core's interlocks (engine e in bit e / slice e)
    output wire [1:0]      ld_busy,
    output reg  [1:0]      ld_to_m,     // engine e's command fills the matrix SRAM (mld)
    output wire [2*ROWW-1:0] ld_lo,
    output reg             ld_next,     // the engine the next load command goes to
    output wire [LAND*NB-1:0] land_banks, // slice k: vector-SRAM banks dld writes at the edge k cycles on
    output wire            st_busy,
    output wire [ROWW-1:0] st_lo,
    // memory port
    output wire            mem_req_valid,
    input  wire            mem_req_ready,
    output wire            mem_req_write,
    output wire [31:0]     mem_req_addr,
    output wire [W-1:0]    mem_req_wdata,
    output wire [2*VLEN-1:0] mem_req_wstrb,
    input  wire            mem_resp_valid,
    input  wire [W-1:0]    mem_resp_rdata,
    // vector SRAM ports: dld writes (landed), store reads
    output wire            dw0_en,
    output wire [ROWW-1:0] dw0_row,
    output wire [VLEN-1:0] dw0_lanes,
    output wire [W-1:0]    dw0_data,
    output wire            dw1_en,
    output wire [ROWW-1:0] dw1_row,
    output wire [VLEN-1:0] dw1_lanes,
    output wire [W-1:0]    dw1_data,
    output wire            dr0_en,
    output wire [ROWW-1:0] dr0_row,
    input  wire [W-1:0]    dr0_data,
    output wire            dr1_en,
    output wire [ROWW-1:0] dr1_row,
    input  wire [W-1:0]    dr1_data,
    output wire [NB-1:0]   st_rbanks,   // banks the store reads this cycle
    // matrix SRAM port: mld writes (as they arrive)
    output wire            mw0_en,
    output wire [ROWW-1:0] mw0_row,
    output wire [VLEN-1:0] mw0_lanes,
    output wire [W-1:0]    mw0_data,
    output wire            mw1_en,
    output wire [ROWW-1:0] mw1_row,
    output wire [VLEN-1:0] mw1_lanes,
    output wire [W-1:0]    mw1_data
);
    localparam integer LB = $clog2(NB);
    wire [1:0]  lreq;
    wire [63:0] laddr;       // engine e's request address in bits [32e +: 32]
    wire [31:0] st_addr;
    wire        st_req, st_r1;
    reg         prefer_st;   // round robin between loads and the store
    reg         ld_old;      // the engine with the older command (when both are busy)

    wire ld_req   = |lreq;
    wire grant_st = st_req && (!ld_req || prefer_st);
    wire grant_ld = ld_req && !grant_st;
    wire lsel     = lreq[ld_old] ? ld_old : !ld_old;      // the requesting engine served
    wire [31:0] ld_addr = lsel ? laddr[63:32] : laddr[31:0];
    wire accept   = mem_req_valid && mem_req_ready;
    wire [1:0]  act;          // engine e still receives (its response walker is active)
    wire [2*ROWW-1:0] act_lo;  // engine e's first row not yet received
    wire rsel     = act[ld_old] ? ld_old : !ld_old;       // the engine a response is for

    always @(posedge clk) begin
        if (rst) begin
            ld_to_m <= 2'b00;
            ld_next <= 1'b0;
            ld_old  <= 1'b0;
        end else begin
            if (cmd_ld) begin
                ld_to_m[ld_next] <= cmd_to_m;
                ld_next <= !ld_next;
            end
            // the oldest command: the new one when the other engine is idle, else
            // the other engine's once the current oldest has finished
            if (cmd_ld && !act[!ld_next])
                ld_old <= ld_next;
            else if (!act[ld_old] && act[!ld_old])
                ld_old <= !ld_old;
        end
    end
    wire resp_to_m = ld_to_m[rsel];

    always @(posedge clk) begin
        if (rst)
            prefer_st <= 1'b0;
        else if (accept && ld_req && st_req)
            prefer_st <= !grant_st;
    end

    assign mem_req_valid = ld_req || st_req;
    assign mem_req_write = grant_st;
    assign mem_req_addr  = grant_st ? st_addr : ld_addr;

    wire [1:0]        w0e, w1e;
    wire [2*ROWW-1:0] w0r, w1r;
    wire [2*VLEN-1:0] w0l, w1l;
    wire [2*W-1:0]    w0d, w1d;
    genvar e;
    generate
        for (e = 0; e < 2; e = e + 1) begin : g_load
            npu_dma_load #(.VLEN(VLEN), .ROWW(ROWW), .BEATW(BEATW)) u_load (
                .clk(clk), .rst(rst), .start(cmd_ld && ld_next == e), .addr0(cmd_addr),
                .vrow0(cmd_vrow), .nrows(cmd_nrows), .stride(cmd_stride), .dlen(cmd_dlen),
                .req_valid(lreq[e]), .req_addr(laddr[e*32 +: 32]),
                .req_accept(accept && grant_ld && lsel == e),
                .resp_valid(mem_resp_valid && rsel == e), .resp_data(mem_resp_rdata),
                .w0_en(w0e[e]), .w0_row(w0r[e*ROWW +: ROWW]), .w0_lanes(w0l[e*VLEN +: VLEN]),
                .w0_data(w0d[e*W +: W]),
                .w1_en(w1e[e]), .w1_row(w1r[e*ROWW +: ROWW]), .w1_lanes(w1l[e*VLEN +: VLEN]),
                .w1_data(w1d[e*W +: W]),
                .busy(act[e]), .busy_lo(act_lo[e*ROWW +: ROWW]));
        end
    endgenerate
    // constant part-selects: a variable one on these wide buses costs Verilator a
    // multi-word shift every evaluation
    wire            a0_en    = rsel ? w0e[1] : w0e[0];
    wire [ROWW-1:0] a0_row   = rsel ? w0r[ROWW +: ROWW] : w0r[0 +: ROWW];
    wire [VLEN-1:0] a0_lanes = rsel ? w0l[VLEN +: VLEN] : w0l[0 +: VLEN];
    wire [W-1:0]    a0_data  = rsel ? w0d[W +: W] : w0d[0 +: W];
    wire            a1_en    = rsel ? w1e[1] : w1e[0];
    wire [ROWW-1:0] a1_row   = rsel ? w1r[ROWW +: ROWW] : w1r[0 +: ROWW];
    wire [VLEN-1:0] a1_lanes = rsel ? w1l[VLEN +: VLEN] : w1l[0 +: VLEN];
    wire [W-1:0]    a1_data  = rsel ? w1d[W +: W] : w1d[0 +: W];
    wire [ROWW-1:0] a_lo     = rsel ? act_lo[ROWW +: ROWW] : act_lo[0 +: ROWW];

    // mld: the arriving beat, straight into the matrix SRAM
    assign mw0_en = a0_en && resp_to_m;  assign mw0_row = a0_row;
    assign mw0_lanes = a0_lanes;         assign mw0_data = a0_data;
    assign mw1_en = a1_en && resp_to_m;  assign mw1_row = a1_row;
    assign mw1_lanes = a1_lanes;         assign mw1_data = a1_data;

    // dld: the landing line. Entry j (1..LAND) holds a beat that arrived j cycles
    // ago; entry LAND is written at this cycle's edge. Each keeps its engine and
    // that engine's first incomplete row before the beat (for ld_lo).
    reg [LAND:1]    l_v, l_e, l_en0, l_en1;
    reg [ROWW-1:0]  l_r0 [1:LAND], l_r1 [1:LAND];
    reg [LAND*ROWW-1:0] l_lo;   // entry j's in [(j-1)*ROWW +: ROWW] (read whole by g_view)
    reg [VLEN-1:0]  l_l0 [1:LAND], l_l1 [1:LAND];
    reg [W-1:0]     l_d0 [1:LAND], l_d1 [1:LAND];
    integer j;
    always @(posedge clk) begin
        if (rst)
            l_v <= '0;
        else
            l_v <= {l_v[LAND-1:1], mem_resp_valid && !resp_to_m};
        // an entry's payload moves only with a beat in it (the others are never
        // read): enables a clock-gating cell would take, and a simulator skips
        l_lo <= {l_lo[(LAND-1)*ROWW-1:0], a_lo};
        if (mem_resp_valid) begin
            l_e[1] <= rsel; l_en0[1] <= a0_en; l_en1[1] <= a1_en;
            l_r0[1] <= a0_row; l_l0[1] <= a0_lanes; l_d0[1] <= a0_data;
            l_r1[1] <= a1_row; l_l1[1] <= a1_lanes; l_d1[1] <= a1_data;
        end
        for (j = 2; j <= LAND; j = j + 1)
            if (l_v[j-1]) begin
                l_e[j] <= l_e[j-1]; l_en0[j] <= l_en0[j-1]; l_en1[j] <= l_en1[j-1];
                l_r0[j] <= l_r0[j-1]; l_l0[j] <= l_l0[j-1]; l_d0[j] <= l_d0[j-1];
                l_r1[j] <= l_r1[j-1]; l_l1[j] <= l_l1[j-1]; l_d1[j] <= l_d1[j-1];
            end
    end
    assign dw0_en = l_v[LAND] && l_en0[LAND];  assign dw0_row = l_r0[LAND];
    assign dw0_lanes = l_l0[LAND];             assign dw0_data = l_d0[LAND];
    assign dw1_en = l_v[LAND] && l_en1[LAND];  assign dw1_row = l_r1[LAND];
    assign dw1_lanes = l_l1[LAND];             assign dw1_data = l_d1[LAND];

    genvar k;
    generate
        for (k = 0; k < LAND; k = k + 1) begin : g_land
            // the edge k cycles on writes entry LAND - k
            assign land_banks[k*NB +: NB] =
                (l_v[LAND-k] && l_en0[LAND-k] ? NB'(1) << l_r0[LAND-k][LB-1:0] : {NB{1'b0}}) |
                (l_v[LAND-k] && l_en1[LAND-k] ? NB'(1) << l_r1[LAND-k][LB-1:0] : {NB{1'b0}});
        end
        // Engine e is busy while it receives or has beats in the line; its first
        // incomplete row is that of its oldest beat in the line (the highest j),
        // else the receiving walker's.
        for (k = 0; k < 2; k = k + 1) begin : g_view
            reg             inl;
            reg [ROWW-1:0]  lo;
            integer q;
            always @* begin
                inl = 1'b0;
                lo  = act_lo[k*ROWW +: ROWW];
                for (q = 1; q <= LAND; q = q + 1)
                    if (l_v[q] && l_e[q] == (k == 1)) begin
                        inl = 1'b1;
                        lo  = l_lo[(q-1)*ROWW +: ROWW];
                    end
            end
            assign ld_busy[k] = act[k] || inl;
            assign ld_lo[k*ROWW +: ROWW] = lo;
        end
    endgenerate

    npu_dma_store #(.VLEN(VLEN), .ROWW(ROWW), .BEATW(BEATW)) u_store (
        .clk(clk), .rst(rst), .start(cmd_st), .addr0(cmd_addr), .vrow0(cmd_vrow),
        .nrows(cmd_nrows), .stride(cmd_stride), .dlen(cmd_dlen),
        .req_valid(st_req), .req_addr(st_addr), .req_data(mem_req_wdata),
        .req_strb(mem_req_wstrb), .req_accept(accept && grant_st),
        .r0_row(dr0_row), .r0_data(dr0_data), .r1_row(dr1_row), .r1_data(dr1_data),
        .r1_used(st_r1), .busy(st_busy), .busy_lo(st_lo));
    assign dr0_en    = st_req;
    assign dr1_en    = st_req && st_r1;
    assign st_rbanks = (dr0_en ? NB'(1) << dr0_row[LB-1:0] : {NB{1'b0}}) |
                       (dr1_en ? NB'(1) << dr1_row[LB-1:0] : {NB{1'b0}});
endmodule

`default_nettype wire
